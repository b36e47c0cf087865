import type { ReactSketchCanvasRef } from 'react-sketch-canvas';
import type { EditMaskFacts } from '@app/shared/spec';
import { maskFromPainting, paintedAtPoint, paintedShare } from './mask-pixels';

export interface ExportedMask {
  /** The PNG mask, the photo's shape: white where the photo is to be regenerated. */
  blob: Blob;
  paintedPixels: number;
  /** paintedPixels over the mask's pixels: the share the api measures on this mask. */
  share: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The painting could not be read'));
    image.src = src;
  });
}

/**
 * Pixels on the long side of the small rendering the strokes are measured on: finer than a
 * brush stroke across a face's edge.
 */
const MEASURE_SIDE = 256;

/**
 * The longest side a mask is drawn at. Many phone cameras take photos larger than the canvas a
 * phone browser will draw (iOS Safari's limit is 4096 × 4096 pixels); every engine scales the
 * mask to the photo's size, so a smaller mask marks the same region.
 */
export const MAX_MASK_SIDE = 4096;

/** `size` scaled down, keeping its shape, until its longest side is at most `side`. */
export function fitWithin(size: { width: number; height: number }, side: number) {
  const scale = Math.min(1, side / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** What the edit-mask rule reads of the strokes. */
export type PaintingFacts = Required<Pick<EditMaskFacts, 'areaFraction' | 'painted'>>;

/** The strokes rendered on a small canvas of `width` × `height`, as RGBA pixels. */
async function renderPainting(
  canvas: Pick<ReactSketchCanvasRef, 'exportImage'>,
  width: number,
  height: number,
) {
  const painting = await loadImage(await canvas.exportImage('png', { width, height }));
  const surface = document.createElement('canvas');
  surface.width = width;
  surface.height = height;
  const context = surface.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Canvas 2D is not available');
  context.drawImage(painting, 0, 0, width, height);
  return { surface, context, pixels: context.getImageData(0, 0, width, height) };
}

/**
 * The share of the photo the strokes cover (0-1) and where they are, measured on a small
 * rendering: cheap enough after every stroke, and as exact as the mask rules need.
 */
export async function measurePainting(
  canvas: Pick<ReactSketchCanvasRef, 'exportImage'>,
  photo: { width: number; height: number },
): Promise<PaintingFacts> {
  const { width, height } = fitWithin(photo, MEASURE_SIDE);
  const { pixels } = await renderPainting(canvas, width, height);
  return { areaFraction: paintedShare(pixels), painted: paintedAtPoint(pixels) };
}

/**
 * The strokes rendered at the photo's own size, or at `MAX_MASK_SIDE` for a larger photo (they
 * are vectors, so nothing is blurred by scaling), turned into the black-and-white mask of
 * spec §5 and encoded as PNG.
 */
export async function exportMask(
  canvas: Pick<ReactSketchCanvasRef, 'exportImage'>,
  photo: { width: number; height: number },
): Promise<ExportedMask> {
  const { width, height } = fitWithin(photo, MAX_MASK_SIDE);
  const { surface, context, pixels } = await renderPainting(canvas, width, height);
  const { mask, paintedPixels } = maskFromPainting(pixels);
  context.putImageData(
    new ImageData(mask.data as Uint8ClampedArray<ArrayBuffer>, width, height),
    0,
    0,
  );
  const blob = await new Promise<Blob | null>((resolve) => surface.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The mask could not be encoded');
  return { blob, paintedPixels, share: paintedPixels / (width * height) };
}
