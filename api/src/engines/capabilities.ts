import type { EngineCapabilities } from '@app/shared/contract/models';
import { VOCABULARY } from './cpu/prompt-vocabulary';

const BUILTIN_WORDS = [...new Set(VOCABULARY.flatMap((entry) => entry.words))];

const CAPABILITIES: Record<string, EngineCapabilities> = {
  'builtin-cpu': {
    textConditioned: false,
    editFollowsPrompt: false,
    framing: 'head-and-shoulders',
    promptWords: BUILTIN_WORDS,
    // It draws each image from the photos themselves.
    needsTrainingPhotos: true,
    // A resample: no upscaler whose weights ship in a package runs fast enough on a CPU here.
    enlargement: 'enlarged',
    // Its trainings take a minute or two: a preview would come no sooner than the model.
    previews: false,
  },
  replicate: {
    textConditioned: true,
    editFollowsPrompt: true,
    framing: 'any',
    promptWords: [],
    // The trained LoRA version at Replicate is all a generation uses.
    needsTrainingPhotos: false,
    // The configured upscaler model (REPLICATE_UPSCALER_VERSION).
    enlargement: 'hd',
    // The configured zero-shot identity model (REPLICATE_PREVIEW_MODEL), while a training runs.
    previews: true,
  },
  cog: {
    textConditioned: true,
    editFollowsPrompt: true,
    framing: 'any',
    promptWords: [],
    // The trained LoRA weights (kept with the model) are all a generation uses.
    needsTrainingPhotos: false,
    // A resample on this server: the operator's containers run no upscaler.
    enlargement: 'enlarged',
    // The operator's containers run the LoRA trainer and predictor only.
    previews: false,
  },
};

/** An engine this server does not know promises nothing. */
const UNKNOWN: EngineCapabilities = {
  textConditioned: false,
  editFollowsPrompt: false,
  framing: 'head-and-shoulders',
  promptWords: [],
  needsTrainingPhotos: true,
  enlargement: 'enlarged',
  previews: false,
};

export function capabilitiesOf(engine: string): EngineCapabilities {
  return CAPABILITIES[engine] ?? UNKNOWN;
}
