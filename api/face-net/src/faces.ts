export interface Point {
  x: number;
  y: number;
}

/** A face found: where it is and its landmarks. */
export interface FaceFinding {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The 68 landmarks (iBUG order), in the analysed image's pixels. */
  landmarks: Point[];
}

/** A face found with its identity. */
export interface DescribedFace extends FaceFinding {
  /** 128-d face-recognition embedding; same person when the distance is below 0.6. */
  descriptor: Float32Array;
}

/** Raw interleaved RGB. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}
