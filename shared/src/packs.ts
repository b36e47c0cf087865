import type { TrainingEngine } from './contract/models';
import { MAX_IMAGES_PER_RUN } from './spec/constants';

/** Where `{trigger}` stands in a pack's prompt: the lead model's trigger word goes there. */
const TRIGGER = '{trigger}';

/** A pack's cover: a gradient and an icon drawn by the app, never a photo of a person. */
export interface PackCover {
  from: string;
  to: string;
  icon:
    'lightbulb' | 'tree' | 'sun' | 'contrast' | 'briefcase' | 'city' | 'airplane' | 'wand' | 'leaf';
}

/** A set of prompts run as one batch (spec-free: the product's own catalogue). */
export interface Pack {
  id: string;
  title: string;
  /** One line. */
  description: string;
  cover: PackCover;
  /** 4-8 prompts; `{trigger}` is the model's trigger word. */
  prompts: readonly string[];
  /** The engines that can honestly render every prompt. */
  engines: readonly TrainingEngine[];
}

const ALL: readonly TrainingEngine[] = ['builtin-cpu', 'replicate', 'cog'];
/** Scenes, clothes and styles need an engine that draws what the prompt says. */
const TEXT_CONDITIONED: readonly TrainingEngine[] = ['replicate', 'cog'];

/**
 * The packs. The built-in engine's are made of words its prompt vocabulary renders (light,
 * scene, palette: api/src/engines/cpu/prompt-vocabulary.ts); the scene packs need a
 * text-conditioned engine.
 */
export const PACKS: readonly Pack[] = [
  {
    id: 'studio-light',
    title: 'Studio light',
    description: 'Clean studio portraits from soft to dramatic.',
    cover: { from: '#3b4a6b', to: '#9fb3d9', icon: 'lightbulb' },
    prompts: [
      `${TRIGGER}, studio portrait, soft light`,
      `${TRIGGER}, studio portrait, dramatic light`,
      `${TRIGGER}, studio portrait, warm light`,
      `${TRIGGER}, studio portrait, bright high key`,
    ],
    engines: ALL,
  },
  {
    id: 'outdoor-light',
    title: 'Outdoor light',
    description: 'Daylight portraits in parks, gardens and woods.',
    cover: { from: '#2f6b3a', to: '#a6d98c', icon: 'tree' },
    prompts: [
      `${TRIGGER}, outdoor portrait in a park`,
      `${TRIGGER}, portrait in the forest, soft light`,
      `${TRIGGER}, garden portrait, bright and sunny`,
      `${TRIGGER}, portrait in a meadow, warm`,
    ],
    engines: ALL,
  },
  {
    id: 'golden-hour',
    title: 'Golden hour',
    description: 'Warm sunset and sunrise light.',
    cover: { from: '#b8560f', to: '#ffd27a', icon: 'sun' },
    prompts: [
      `${TRIGGER}, portrait at golden hour`,
      `${TRIGGER}, sunset portrait, warm`,
      `${TRIGGER}, sunrise portrait, soft light`,
      `${TRIGGER}, portrait at dusk, cinematic`,
    ],
    engines: ALL,
  },
  {
    id: 'black-and-white',
    title: 'Black and white',
    description: 'Timeless monochrome, from noir to soft.',
    cover: { from: '#1f1f1f', to: '#bdbdbd', icon: 'contrast' },
    prompts: [
      `${TRIGGER}, black and white portrait`,
      `${TRIGGER}, black and white studio portrait, dramatic`,
      `${TRIGGER}, noir portrait, low key`,
      `${TRIGGER}, black and white outdoor portrait, soft`,
    ],
    engines: ALL,
  },
  {
    id: 'corporate-headshot',
    title: 'Corporate headshot',
    description: 'Professional headshots for your profile.',
    cover: { from: '#12395e', to: '#5d8fc2', icon: 'briefcase' },
    prompts: [
      `${TRIGGER}, corporate headshot`,
      `${TRIGGER}, professional linkedin headshot`,
      `${TRIGGER}, business headshot, soft light`,
      `${TRIGGER}, corporate headshot, bright`,
    ],
    engines: ALL,
  },
  {
    id: 'night-city',
    title: 'Night city',
    description: 'City lights after dark.',
    cover: { from: '#1b1340', to: '#d0468c', icon: 'city' },
    prompts: [
      `${TRIGGER}, city portrait at night, bokeh`,
      `${TRIGGER}, on a city street at night`,
      `${TRIGGER}, downtown at night, cinematic`,
      `${TRIGGER}, urban night portrait, moody`,
    ],
    engines: ALL,
  },
  {
    id: 'business',
    title: 'Business',
    description: 'At work: office, meeting room, on stage.',
    cover: { from: '#24364f', to: '#8aa4c8', icon: 'briefcase' },
    prompts: [
      `photo of ${TRIGGER} in a modern office, navy suit, natural window light`,
      `photo of ${TRIGGER} presenting in a meeting room, smiling`,
      `photo of ${TRIGGER} speaking on a conference stage, spotlight`,
      `photo of ${TRIGGER} working on a laptop in a bright cafe`,
      `photo of ${TRIGGER} with arms crossed in front of a glass office building`,
    ],
    engines: TEXT_CONDITIONED,
  },
  {
    id: 'travel',
    title: 'Travel',
    description: 'Postcards from places you have not been yet.',
    cover: { from: '#0f6f8f', to: '#8fe3d6', icon: 'airplane' },
    prompts: [
      `photo of ${TRIGGER} in front of the Eiffel Tower, spring afternoon`,
      `photo of ${TRIGGER} on a beach in Bali at sunset`,
      `photo of ${TRIGGER} hiking in the Swiss Alps, blue sky`,
      `photo of ${TRIGGER} on a busy street in Tokyo at night, neon signs`,
      `photo of ${TRIGGER} on a boat in Venice, golden hour`,
    ],
    engines: TEXT_CONDITIONED,
  },
  {
    id: 'fantasy',
    title: 'Fantasy',
    description: 'Knights, wizards and starships.',
    cover: { from: '#3d1a6e', to: '#b98cf0', icon: 'wand' },
    prompts: [
      `${TRIGGER} as a knight in shining armour, castle in the background, epic lighting`,
      `${TRIGGER} as a wizard casting a spell, glowing runes, dark forest`,
      `${TRIGGER} as an astronaut on the moon, earth in the sky`,
      `${TRIGGER} as an elf archer in an enchanted forest, soft magical light`,
    ],
    engines: TEXT_CONDITIONED,
  },
  {
    id: 'seasons',
    title: 'Seasons',
    description: 'One of you for every season.',
    cover: { from: '#7a3b12', to: '#f2b25c', icon: 'leaf' },
    prompts: [
      `photo of ${TRIGGER} among cherry blossoms in spring`,
      `photo of ${TRIGGER} on a sunny summer beach`,
      `photo of ${TRIGGER} in a park with autumn leaves, cosy sweater`,
      `photo of ${TRIGGER} in a snowy mountain village in winter, scarf`,
    ],
    engines: TEXT_CONDITIONED,
  },
];

/** A pack's prompts with the trigger word in place (none: the word and its comma drop out). */
export function packPrompts(pack: Pack, triggerWord: string | null): string[] {
  return pack.prompts.map((prompt) =>
    triggerWord
      ? prompt.replaceAll(TRIGGER, triggerWord)
      : prompt.replace(`${TRIGGER}, `, '').replaceAll(TRIGGER, 'a person'),
  );
}

/**
 * The packs every selected model's engine can render, and whether some were left out for it.
 * Models not trained yet (no engine) leave nothing out.
 */
export function packsFor(engines: readonly (string | null)[]): { packs: Pack[]; hidden: number } {
  const known = engines.filter((engine): engine is string => engine !== null);
  const packs = PACKS.filter((pack) =>
    known.every((engine) => (pack.engines as readonly string[]).includes(engine)),
  );
  return { packs, hidden: PACKS.length - packs.length };
}

/** Images per prompt that keep a pack's run within one batch (MAX_IMAGES_PER_RUN in all). */
export const countForPack = (prompts: number, count: number): number =>
  Math.max(1, Math.min(count, Math.floor(MAX_IMAGES_PER_RUN / prompts)));
