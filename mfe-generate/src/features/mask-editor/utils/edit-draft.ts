import type { MaskHistory } from './mask-history';

/** A chosen photo, read: its object URL and its upright size. */
export interface LoadedPhoto {
  file: File;
  url: string;
  size: { width: number; height: number };
}

/**
 * Edit mode's photo and painted strokes, kept by the page rather than the editor so that a visit
 * to another tab loses neither. A mode switch or a logout drops them (spec §2, §9).
 */
export interface EditDraft {
  photo: LoadedPhoto;
  strokes: MaskHistory;
}
