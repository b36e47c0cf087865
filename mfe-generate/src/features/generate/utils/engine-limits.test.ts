import type { EngineCapabilities, ModelSummary } from '@app/shared/contract/models';
import { describe, expect, it } from 'vitest';
import { engineLimits } from './engine-limits';

const model = (name: string, capabilities: EngineCapabilities | null): ModelSummary => ({
  modelId: name,
  name,
  status: 'ready',
  triggerWord: name.toLowerCase(),
  trainingPhotos: [],
  avatar: null,
  failureReason: null,
  photoIssues: [],
  progress: null,
  etaSeconds: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  engine: capabilities ? 'x' : null,
  capabilities,
  previews: [],
});

const builtIn: EngineCapabilities = {
  textConditioned: false,
  editFollowsPrompt: false,
  framing: 'head-and-shoulders',
  promptWords: ['natural', 'studio', 'beach', 'sepia', 'warm', 'dramatic', 'sunset', 'red'],
  needsTrainingPhotos: true,
  enlargement: 'enlarged',
  previews: false,
};
const textConditioned: EngineCapabilities = {
  textConditioned: true,
  editFollowsPrompt: true,
  framing: 'any',
  promptWords: [],
  needsTrainingPhotos: false,
  enlargement: 'hd',
  previews: true,
};

describe('what the chosen models cannot do', () => {
  it('says nothing when every model draws what the prompt describes', () => {
    expect(engineLimits([model('Ada', textConditioned)])).toBeNull();
    expect(engineLimits([])).toBeNull();
    // A model that has not been trained yet promises nothing either way.
    expect(engineLimits([model('Ada', null)])).toBeNull();
  });

  it('names the portrait-only models and picks example words the engine reads', () => {
    const limits = engineLimits([model('Lisa', builtIn), model('Ada', textConditioned)]);
    expect(limits).toEqual({
      modelNames: ['Lisa'],
      editFollowsPrompt: false,
      examples: ['studio', 'beach', 'sunset', 'dramatic', 'warm'],
      words: builtIn.promptWords,
    });
  });
});
