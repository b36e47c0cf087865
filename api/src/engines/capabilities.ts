import { VOCABULARY } from './cpu/prompt-vocabulary';

/**
 * What the models of an engine can do, so the front end can say it before the user types: the
 * built-in engine draws a portrait of the person whatever the prompt, steered only by a few
 * words; an engine with a text-conditioned model draws what the prompt describes.
 */
export interface EngineCapabilities {
  /** The image shows what the prompt describes: scenes, clothes, objects, styles. */
  textConditioned: boolean;
  /** An edit repaints the masked region as the prompt says (else it fills it from around it). */
  editFollowsPrompt: boolean;
  /** 'head-and-shoulders': every image is a portrait of the person; 'any': as the prompt says. */
  framing: 'head-and-shoulders' | 'any';
  /** The only words a non-text-conditioned engine reads (engines README); empty: all of them. */
  promptWords: string[];
}

const BUILTIN_WORDS = [...new Set(VOCABULARY.flatMap((entry) => entry.words))];

const CAPABILITIES: Record<string, EngineCapabilities> = {
  'builtin-cpu': {
    textConditioned: false,
    editFollowsPrompt: false,
    framing: 'head-and-shoulders',
    promptWords: BUILTIN_WORDS,
  },
  replicate: {
    textConditioned: true,
    editFollowsPrompt: true,
    framing: 'any',
    promptWords: [],
  },
};

/** An engine this server does not know promises nothing. */
const UNKNOWN: EngineCapabilities = {
  textConditioned: false,
  editFollowsPrompt: false,
  framing: 'head-and-shoulders',
  promptWords: [],
};

export function capabilitiesOf(engine: string): EngineCapabilities {
  return CAPABILITIES[engine] ?? UNKNOWN;
}
