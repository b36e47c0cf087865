/**
 * How a prompt steers the built-in engine. It has no language model: it reads the words below
 * (case-insensitive, anywhere in the prompt) and ignores every other word, the trigger word
 * included. The README lists the same table.
 */
export interface Steering {
  /** How far samples stray from the person's average face: 0.3 close, 0.6 default, 1 varied. */
  temperature: number;
  palette: 'colour' | 'mono' | 'sepia';
  /** -1 cool, 0 neutral, 1 warm. */
  warmth: number;
  /** Added to every channel, as a fraction of full scale. */
  brightness: number;
}

const WORDS: { words: string[]; apply: (steering: Steering) => void }[] = [
  { words: ['natural', 'classic', 'subtle', 'realistic'], apply: (s) => (s.temperature = 0.3) },
  { words: ['varied', 'creative', 'artistic', 'dramatic'], apply: (s) => (s.temperature = 1) },
  {
    words: ['black and white', 'monochrome', 'grayscale', 'greyscale', 'b&w'],
    apply: (s) => (s.palette = 'mono'),
  },
  { words: ['sepia', 'vintage', 'retro'], apply: (s) => (s.palette = 'sepia') },
  { words: ['warm', 'golden', 'sunset'], apply: (s) => (s.warmth = 1) },
  { words: ['cool', 'cold', 'winter'], apply: (s) => (s.warmth = -1) },
  { words: ['bright', 'sunny', 'light'], apply: (s) => (s.brightness = 0.12) },
  { words: ['dark', 'moody', 'night'], apply: (s) => (s.brightness = -0.12) },
];

export const PROMPT_WORDS = WORDS.map(({ words }) => words);

export function steeringFor(prompt: string): Steering {
  const text = ` ${prompt.toLowerCase().replace(/[^a-z&]+/g, ' ')} `;
  const steering: Steering = { temperature: 0.6, palette: 'colour', warmth: 0, brightness: 0 };
  for (const { words, apply } of WORDS) {
    if (words.some((word) => text.includes(` ${word} `))) apply(steering);
  }
  return steering;
}
