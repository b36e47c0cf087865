import type { FaceFinding, RgbImage } from '../face-api';
import { faceLandmarks, loadLandmarkModel, type LandmarkModel } from './landmark-net';
import { KernelMemory } from './kernels';
import { loadSsdModel, locateFaces, SSD_MEMORY_BYTES, type SsdModel } from './ssd-mobilenet';

/** face-api's `detectAllFaces` confidence as the api uses it. */
const MIN_CONFIDENCE = 0.5;

interface FaceNets {
  ssd: SsdModel;
  landmarks: LandmarkModel;
}

/**
 * The kernels' memory: what the detector keeps, and room for what one detection takes and gives
 * back (its copies of two feature maps, the small layers, a layer's float32 filters, the first
 * layer's patches and the landmark net's activations, ~12 MB at most).
 */
const MEMORY_BYTES = SSD_MEMORY_BYTES + 16 * 1024 * 1024;

let nets: FaceNets | undefined;

/** The detector and the landmark net, loaded on first use and kept by this thread. */
function faceNets(): FaceNets {
  if (!nets) {
    const memory = new KernelMemory(MEMORY_BYTES);
    nets = { ssd: loadSsdModel(memory), landmarks: loadLandmarkModel(memory) };
  }
  return nets;
}

/** A face found, with the crop its landmarks were found in and their place in that crop. */
export interface LocatedFace {
  finding: FaceFinding;
  crop: { x: number; y: number; width: number; height: number };
  /** The landmarks as x, y pairs relative to the crop (0..1): face-api's unshifted landmarks. */
  relativeLandmarks: Float32Array;
}

/**
 * Every face at confidence 0.5 with its 68 landmarks, most confident first: what face-api's
 * `detectAllFaces(image, SsdMobilenetv1Options({ minConfidence: 0.5 })).withFaceLandmarks()`
 * finds, on face-api's own weights, computed without tfjs.
 */
export function locateFacesWithLandmarks(image: RgbImage): LocatedFace[] {
  const { width, height, data } = image;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new Error(`face-net: an image's shape is whole pixels, not ${width} × ${height}`);
  }
  if (data.length !== width * height * 3) {
    throw new Error(
      `face-net: ${data.length} bytes do not match the shape ${width} × ${height} × 3 of RGB`,
    );
  }
  const { ssd, landmarks } = faceNets();
  return locateFaces(ssd, image, MIN_CONFIDENCE).flatMap(({ score, box: relative }) => {
    const box = {
      x: relative.left * image.width,
      y: relative.top * image.height,
      width: (relative.right - relative.left) * image.width,
      height: (relative.bottom - relative.top) * image.height,
    };
    // face-api crops the box floored and clipped to the image, and shifts the landmarks by the
    // box's own corner. A box without a whole pixel has no landmarks (face-api drops its crop).
    const crop = clippedPixelBox(box, image);
    if (crop.width < 1 || crop.height < 1) return [];
    const relativeLandmarks = faceLandmarks(landmarks, image, crop);
    const points = [];
    for (let index = 0; index < relativeLandmarks.length; index += 2) {
      points.push({
        x: relativeLandmarks[index]! * crop.width + box.x,
        y: relativeLandmarks[index + 1]! * crop.height + box.y,
      });
    }
    return { finding: { box, score, landmarks: points }, crop, relativeLandmarks };
  });
}

/** `locateFacesWithLandmarks`' faces as the photo checks read them. */
export const findFaces = (image: RgbImage): FaceFinding[] =>
  locateFacesWithLandmarks(image).map(({ finding }) => finding);

/** face-api's `Box.clipAtImageBorders`: the box within the image, every side floored. */
function clippedPixelBox(
  box: { x: number; y: number; width: number; height: number },
  image: { width: number; height: number },
) {
  const x = Math.max(box.x, 0);
  const y = Math.max(box.y, 0);
  const width = Math.min(box.x + box.width - x, image.width - x);
  const height = Math.min(box.y + box.height - y, image.height - y);
  return {
    x: Math.floor(x),
    y: Math.floor(y),
    width: Math.floor(width),
    height: Math.floor(height),
  };
}
