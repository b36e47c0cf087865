import type { FaceFinding, RgbImage } from './face-api';

/** FaceWorker to face thread: one image to analyse (its pixels transferred). */
export interface FaceRequest {
  id: number;
  image: RgbImage;
}

/** Face thread to FaceWorker: the faces found, or why the analysis failed. */
export type FaceReply =
  { id: number; faces: FaceFinding[] } | { id: number; error: { name: string; message: string } };
