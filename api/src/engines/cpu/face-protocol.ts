import type { DescribedFace, FaceFinding, RgbImage } from '@app/face-net';

/** What a call asks of the face thread, and what it gets back for it. */
export interface FaceAnalyses {
  /** Boxes and landmarks: the face-recognition net is not needed. */
  landmarks: FaceFinding[];
  /** Boxes, landmarks and each face's descriptor. */
  descriptors: DescribedFace[];
  /** The person probability of a SEGMENTATION_SIZE-square picture (`segmentPerson`). */
  person: Float32Array;
}

export type FaceAnalysis = keyof FaceAnalyses;

/** FaceWorker to face thread: one image to analyse (its pixels transferred). */
export interface FaceRequest {
  id: number;
  image: RgbImage;
  analysis: FaceAnalysis;
}

/** Face thread to FaceWorker: the analysis asked for, or why it failed. */
export type FaceReply =
  | { id: number; result: FaceAnalyses[FaceAnalysis] }
  | { id: number; error: { name: string; message: string } };
