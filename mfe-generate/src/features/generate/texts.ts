/**
 * Words of the generate page that the spec does not fix (its own texts come from
 * `@app/shared/spec`); kept in one place so the screens and the e2e tests use the same wording.
 */
export const GENERATE_PAGE_TEXT = {
  pageTitle: 'Generate',
  modeLabel: 'Mode',
  modelsLabel: 'Models',
  modelsHint: 'Choose up to 2',
  modelLimitReached: 'Up to 2 models. Deselect one to choose another.',
  triggerWordsLabel: 'Add a trigger word',
  triggerWordInPrompt: 'in the prompt',
  recentPromptsLabel: 'Recent prompts',
  aspectRatioLabel: 'Aspect ratio',
  cancel: 'Cancel',
  readyHintGenerate: 'Choose your model, describe the picture, then tap Generate Image.',
  readyHintEdit: 'Upload a photo, paint over what should change, describe it, then tap Edit Image.',
  generatingHint: 'Your image is on its way. This usually takes a few seconds.',
  resultTitle: 'Result',
  openPreview: 'Open the image large',
  generateAgain: 'Generate again',
  editAgain: 'Edit again',
  tryAgain: 'Try again',
  settings: 'Settings',
  settingsAspectRatio: 'Aspect ratio',
  settingsMode: 'Mode',
  settingsFormat: 'Format',
  photoSize: 'As the photo',
  promptHeading: 'Prompt',
  noFaceFound: 'No face found in this image',
  promptCopied: 'Prompt copied',
  copyFailed: 'The prompt could not be copied',
  loadingProfile: 'Loading your models...',
  imageCountLabel: 'Images',
  batchTitle: (count: number) => `${count} images, the likeliest first`,
  openImage: (index: number) => `Open image ${index} large`,
  downloadImage: (index: number) => `Download image ${index} as PNG`,
  copyImagePrompt: (index: number) => `Copy the prompt of image ${index}`,
  tryImageAgain: (index: number) => `Try again, image ${index}`,
  makingAgain: 'Making it again...',
  maskNotPrepared: 'This device could not prepare the painted area. Try a smaller photo.',
  /** A batch image's 2× download ('HD' or 'enlarged', see hdDownloadLabel). */
  hdImage: (label: string, index: number) => `${label}, image ${index}`,
} as const;

export const seedLabel = (seed: number): string => `Seed ${seed}`;

/** The download's file name: the mode and the generation id (spec §2). */
export const downloadName = (mode: string, generationId: string): string =>
  `${mode}-${generationId}.png`;

/** The 2× version's file: the PNG's name with `-hd`. */
export const hdName = (fileName: string): string => fileName.replace(/\.png$/, '-hd.png');

/** A batch image's download: the generation's name with its place in the batch. */
export const batchDownloadName = (generationId: string, index: number): string =>
  `generate-${generationId}-${index}.png`;
