/**
 * How a prompt steers the built-in engine. It has no language model: it looks for the words
 * below (case-insensitive, whole words, anywhere in the prompt) and ignores every other word,
 * the trigger word included. Each word sets one aspect of the picture; when two words set the
 * same aspect, the more specific one wins (a named palette over a style that implies one, a
 * named place over "outdoors", a named colour over a place's colours, a plain light word over
 * the light a place implies), and between equally specific words the first one in the prompt
 * wins. The engine README lists the same table.
 */

export type Scene =
  'studio' | 'outdoors' | 'beach' | 'city' | 'night' | 'snow' | 'sunset' | 'interior';

export type Rgb = readonly [number, number, number];

export interface Steering {
  /** How far the drawn face strays from the person's photos: 0.3 close, 0.6 default, 1 varied. */
  temperature: number;
  palette: 'colour' | 'mono' | 'sepia';
  /** Faded film look: lifted blacks, grain, a vignette. */
  film: boolean;
  scene: Scene;
  /** A named backdrop colour, or null for the scene's own. */
  colour: Rgb | null;
  /** -1 cool ... 1 warm. */
  warmth: number;
  /** -1 dark ... 1 bright. */
  exposure: number;
  /** Strength of the side light: 0.35 soft, 1 default, 2.2 dramatic. */
  contrast: number;
}

type Aspect = keyof Steering;

interface Entry {
  words: string[];
  aspect: Aspect;
  /** Higher wins over lower on the same aspect. */
  specificity: number;
  apply(steering: Steering): void;
}

const COLOURS: Record<string, Rgb> = {
  red: [170, 38, 42],
  crimson: [150, 20, 45],
  orange: [214, 112, 40],
  yellow: [222, 190, 60],
  gold: [196, 150, 62],
  green: [62, 128, 72],
  teal: [30, 120, 122],
  turquoise: [50, 170, 170],
  blue: [46, 90, 168],
  navy: [24, 36, 84],
  purple: [104, 58, 140],
  violet: [126, 80, 170],
  lavender: [170, 150, 200],
  pink: [222, 140, 170],
  magenta: [180, 40, 130],
  brown: [112, 74, 48],
  beige: [210, 190, 160],
  cream: [236, 226, 200],
  grey: [128, 128, 128],
  gray: [128, 128, 128],
  charcoal: [54, 56, 60],
  white: [236, 236, 232],
  black: [20, 20, 22],
};

const sceneEntry = (words: string[], scene: Scene, extra?: Partial<Steering>): Entry => ({
  words,
  aspect: 'scene',
  specificity: 2,
  apply: (s) => {
    s.scene = scene;
    // The light a place implies; applied before any word that names the light (steeringFor).
    Object.assign(s, extra ?? {});
  },
});

export const VOCABULARY: Entry[] = [
  {
    words: ['natural', 'classic', 'subtle', 'realistic', 'photorealistic'],
    aspect: 'temperature',
    specificity: 1,
    apply: (s) => (s.temperature = 0.3),
  },
  {
    words: ['varied', 'creative', 'artistic', 'expressive'],
    aspect: 'temperature',
    specificity: 1,
    apply: (s) => (s.temperature = 1),
  },
  {
    words: [
      'black and white',
      'black & white',
      'b&w',
      'monochrome',
      'grayscale',
      'greyscale',
      'noir',
    ],
    aspect: 'palette',
    specificity: 2,
    apply: (s) => (s.palette = 'mono'),
  },
  {
    words: ['sepia'],
    aspect: 'palette',
    specificity: 2,
    apply: (s) => (s.palette = 'sepia'),
  },
  {
    words: ['vintage', 'retro', 'antique', 'old photo', 'nostalgic'],
    aspect: 'palette',
    specificity: 1,
    apply: (s) => (s.palette = 'sepia'),
  },
  {
    words: ['vintage', 'retro', 'antique', 'old photo', 'nostalgic', 'film', 'analog', 'analogue'],
    aspect: 'film',
    specificity: 1,
    apply: (s) => (s.film = true),
  },
  {
    words: ['studio', 'headshot', 'professional', 'corporate', 'business', 'linkedin'],
    aspect: 'scene',
    specificity: 1,
    apply: (s) => (s.scene = 'studio'),
  },
  {
    words: [
      'outdoor',
      'outdoors',
      'outside',
      'nature',
      'park',
      'garden',
      'forest',
      'woods',
      'trees',
      'meadow',
    ],
    aspect: 'scene',
    specificity: 1,
    apply: (s) => (s.scene = 'outdoors'),
  },
  sceneEntry(['beach', 'sea', 'ocean', 'coast', 'seaside', 'summer'], 'beach', {
    warmth: 0.3,
    exposure: 0.4,
  }),
  sceneEntry(
    [
      'city',
      'street',
      'urban',
      'downtown',
      'paris',
      'london',
      'new york',
      'tokyo',
      'cafe',
      'castle',
    ],
    'city',
  ),
  sceneEntry(
    ['night', 'moon', 'space', 'stars', 'starry', 'galaxy', 'astronaut', 'cosmic'],
    'night',
    { warmth: -0.5, exposure: -0.6 },
  ),
  sceneEntry(['snow', 'snowy', 'winter', 'mountain', 'mountains', 'ski', 'alpine'], 'snow', {
    warmth: -0.6,
    exposure: 0.35,
  }),
  sceneEntry(['sunset', 'sunrise', 'dusk', 'golden hour'], 'sunset', { warmth: 0.8 }),
  sceneEntry(
    ['home', 'cozy', 'cosy', 'indoor', 'indoors', 'living room', 'fireplace'],
    'interior',
    { warmth: 0.4 },
  ),
  {
    words: Object.keys(COLOURS),
    aspect: 'colour',
    specificity: 3,
    apply: () => undefined,
  },
  {
    words: ['warm', 'golden'],
    aspect: 'warmth',
    specificity: 3,
    apply: (s) => (s.warmth = 1),
  },
  {
    words: ['cool', 'cold'],
    aspect: 'warmth',
    specificity: 3,
    apply: (s) => (s.warmth = -1),
  },
  {
    words: ['bright', 'sunny', 'light', 'airy', 'high key'],
    aspect: 'exposure',
    specificity: 3,
    apply: (s) => (s.exposure = 1),
  },
  {
    words: ['dark', 'moody', 'dim', 'low key', 'shadowy'],
    aspect: 'exposure',
    specificity: 3,
    apply: (s) => (s.exposure = -1),
  },
  {
    words: ['dramatic', 'cinematic', 'rembrandt', 'chiaroscuro', 'contrast'],
    aspect: 'contrast',
    specificity: 1,
    apply: (s) => (s.contrast = 2.2),
  },
  {
    words: ['soft', 'gentle', 'diffused', 'flat', 'even'],
    aspect: 'contrast',
    specificity: 1,
    apply: (s) => (s.contrast = 0.35),
  },
];

/** Adjectives that change a colour word right after them instead of the whole picture. */
const SHADES: Record<string, number> = {
  light: 0.45,
  pale: 0.5,
  pastel: 0.55,
  dark: -0.5,
  deep: -0.4,
};

export const DEFAULT_STEERING: Steering = {
  temperature: 0.6,
  palette: 'colour',
  film: false,
  scene: 'studio',
  colour: null,
  warmth: 0,
  exposure: 0,
  contrast: 1,
};

interface Match {
  entry: Entry;
  word: string;
  position: number;
}

/** Positions of a word or phrase as whole words in the normalised prompt. */
function positions(text: string, word: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(` ${word} `); at >= 0; at = text.indexOf(` ${word} `, at + 1)) {
    found.push(at);
  }
  return found;
}

export function steeringFor(prompt: string): Steering {
  let text = ` ${prompt.toLowerCase().replace(/[^a-z&]+/g, ' ')} `;
  const matches: Match[] = [];
  // Longer phrases first, and blanked out once found: "black and white" is a palette, not the
  // colours black and white.
  const candidates = VOCABULARY.flatMap((entry) =>
    entry.words.map((word) => ({ entry, word })),
  ).sort((a, b) => b.word.length - a.word.length);
  const blanked = new Set<string>();
  for (const { entry, word } of candidates) {
    for (const position of positions(text, word)) matches.push({ entry, word, position });
    if (word.includes(' ') && !blanked.has(word)) {
      blanked.add(word);
      text = text.replaceAll(` ${word} `, ` ${'_'.repeat(word.length)} `);
    }
  }
  const steering: Steering = { ...DEFAULT_STEERING };
  // A shade word right before a colour belongs to the colour, not to the exposure.
  const shadeOfColourAt = new Map<number, number>();
  const shadePositions = new Set<number>();
  for (const match of matches) {
    if (match.entry.aspect !== 'colour') continue;
    for (const [shade, amount] of Object.entries(SHADES)) {
      const before = match.position - shade.length - 1;
      if (before < 0 || !text.startsWith(` ${shade} `, before)) continue;
      shadeOfColourAt.set(match.position, amount);
      shadePositions.add(before);
    }
  }
  const winners = new Map<Aspect, Match>();
  for (const match of matches) {
    if (match.entry.aspect === 'exposure' && shadePositions.has(match.position)) continue;
    const current = winners.get(match.entry.aspect);
    const better =
      !current ||
      match.entry.specificity > current.entry.specificity ||
      (match.entry.specificity === current.entry.specificity && match.position < current.position);
    if (better) winners.set(match.entry.aspect, match);
  }
  // The scene first: the warmth and exposure it implies yield to any word that names them.
  winners.get('scene')?.entry.apply(steering);
  for (const [aspect, match] of winners) {
    if (aspect === 'scene') continue;
    if (aspect === 'colour') {
      steering.colour = shadeColour(COLOURS[match.word]!, shadeOfColourAt.get(match.position) ?? 0);
    } else {
      match.entry.apply(steering);
    }
  }
  return steering;
}

/** Towards white (shade > 0) or black (shade < 0). */
function shadeColour(colour: Rgb, shade: number): Rgb {
  const target = shade > 0 ? 255 : 0;
  const [r, g, b] = colour.map((value) => Math.round(value + (target - value) * Math.abs(shade)));
  return [r!, g!, b!];
}
