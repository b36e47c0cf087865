/** Words of the packs on the generate page (the catalogue itself is `@app/shared/packs`). */
export const PACKS_TEXT = {
  heading: 'Packs',
  hint: 'A set of prompts run as one batch. Open one to see and edit its prompts.',
  hiddenForEngine:
    'Scene packs need a model trained on Replicate: the built-in engine draws portraits only.',
  promptLabel: (index: number) => `Prompt ${index}`,
  run: (images: number) => `Run ${images} images`,
  running: 'Starting...',
  perPromptNote: (count: number) =>
    count === 1 ? 'One image per prompt.' : `${count} images per prompt.`,
} as const;
