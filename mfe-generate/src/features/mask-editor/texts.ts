/** Words of the mask editor and the image area that the spec does not fix. */
export const MASK_EDITOR_TEXT = {
  tools: 'Mask tools',
  paint: 'Paint',
  erase: 'Erase',
  undo: 'Undo',
  redo: 'Redo',
  invert: 'Invert mask',
  clear: 'Clear mask',
  fit: 'Fit to view',
  brushSize: 'Brush size',
  chooseImage: 'Choose a photo to edit',
  removeImage: 'Remove image',
  imageNotReadable: 'This image could not be opened. Please choose another one.',
} as const;

export const fileSizeMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
