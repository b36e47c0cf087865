import type { DescribedFace, FaceFinding, Point, RgbImage } from './faces';
import type { PixelBox } from './face-input';
import { faceLandmarks, loadLandmarkModel, type LandmarkModel } from './landmark-net';
import { KernelMemory } from './kernels';
import { faceDescriptor, loadRecognitionModel, type RecognitionModel } from './recognition-net';
import { loadSsdModel, locateFaces, SSD_MEMORY_BYTES, type SsdModel } from './ssd-mobilenet';

/** face-api's `detectAllFaces` confidence as the api uses it. */
const MIN_CONFIDENCE = 0.5;

interface FaceNets {
  memory: KernelMemory;
  ssd: SsdModel;
  landmarks: LandmarkModel;
  /** Only descriptors need it: loaded the first time one is asked for. */
  recognition?: RecognitionModel;
}

/**
 * The kernels' memory: what the detector keeps, and room for what one detection takes and gives
 * back (its copies of two feature maps, the small layers, a layer's float32 filters, the first
 * layer's patches and the landmark net's activations, ~12 MB at most). The recognition net takes
 * less (a 3 × 3 × 256 × 256 layer's filters, its patches and activations: ~5 MB).
 */
const MEMORY_BYTES = SSD_MEMORY_BYTES + 16 * 1024 * 1024;

let nets: FaceNets | undefined;

/** The detector and the landmark net, loaded on first use and kept by this thread. */
function faceNets(): FaceNets {
  if (!nets) {
    const memory = new KernelMemory(MEMORY_BYTES);
    nets = { memory, ssd: loadSsdModel(memory), landmarks: loadLandmarkModel(memory) };
  }
  return nets;
}

/** The face-recognition net, loaded on first use into the same memory and kept by this thread. */
function recognitionNet(): RecognitionModel {
  const loaded = faceNets();
  loaded.recognition ??= loadRecognitionModel(loaded.memory);
  return loaded.recognition;
}

/** Whether this thread has loaded the face-recognition net (only a descriptor makes it). */
export const recognitionNetLoaded = () => nets?.recognition !== undefined;

/** A face found, with the crop its landmarks were found in (which caps its aligned box). */
interface LocatedFace {
  finding: FaceFinding;
  crop: PixelBox;
}

/**
 * Every face at confidence 0.5 with its 68 landmarks, most confident first: what face-api's
 * `detectAllFaces(image, SsdMobilenetv1Options({ minConfidence: 0.5 })).withFaceLandmarks()`
 * finds, on face-api's own weights, computed without tfjs.
 */
function locateFacesWithLandmarks(image: RgbImage): LocatedFace[] {
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
    return { finding: { box, score, landmarks: points }, crop };
  });
}

/** `locateFacesWithLandmarks`' faces as the photo checks read them. */
export const findFaces = (image: RgbImage): FaceFinding[] =>
  locateFacesWithLandmarks(image).map(({ finding }) => finding);

/**
 * `locateFacesWithLandmarks`' faces, each with its descriptor: face-api's recognition net on the
 * face aligned and cut out as face-api's `withFaceDescriptors` does (dlib's alignment, then
 * `extractFaceTensors`). A face whose aligned box has no whole pixel in the image is left out.
 */
export function describeFaces(image: RgbImage): DescribedFace[] {
  return locateFacesWithLandmarks(image).flatMap((face) => {
    const crop = clippedPixelBox(dlibAlignedBox(face), image);
    if (crop.width < 1 || crop.height < 1) return [];
    return { ...face.finding, descriptor: faceDescriptor(recognitionNet(), image, crop) };
  });
}

/**
 * face-api's alignment constants (relX, relY, relScale): where the centre of the eyes and mouth
 * falls in the aligned box, and their distance as a share of its side.
 */
const ALIGNED_X = 0.5;
const ALIGNED_Y = 0.43;
const ALIGNED_SCALE = 0.45;

/** face-api's `getCenterPoint`: the mean of the points, summed in order. */
function centre(points: Point[]): Point {
  const sum = points.reduce((total, point) => ({ x: total.x + point.x, y: total.y + point.y }), {
    x: 0,
    y: 0,
  });
  return { x: sum.x / points.length, y: sum.y / points.length };
}

/**
 * face-api's `FaceLandmarks68.align(null, { useDlibAlignment: true })`: a square around the
 * centre of the eyes and mouth, sized by their distance, in whole pixels. face-api caps each side
 * at the landmarks' crop plus the corner (`min(size, imageWidth + x)`, its "image" being that
 * crop): kept as it is, though it hardly ever binds.
 */
function dlibAlignedBox({ finding: { landmarks }, crop }: LocatedFace) {
  const leftEye = centre(landmarks.slice(36, 42));
  const rightEye = centre(landmarks.slice(42, 48));
  const mouth = centre(landmarks.slice(48, 68));
  const toMouth = (point: Point) => Math.sqrt((mouth.x - point.x) ** 2 + (mouth.y - point.y) ** 2);
  const size = Math.floor((toMouth(leftEye) + toMouth(rightEye)) / 2 / ALIGNED_SCALE);
  const reference = centre([leftEye, rightEye, mouth]);
  const x = Math.floor(Math.max(0, reference.x - ALIGNED_X * size));
  const y = Math.floor(Math.max(0, reference.y - ALIGNED_Y * size));
  return { x, y, width: Math.min(size, crop.width + x), height: Math.min(size, crop.height + y) };
}

/** face-api's `Box.clipAtImageBorders`: the box within the image, every side floored. */
function clippedPixelBox(
  box: { x: number; y: number; width: number; height: number },
  image: { width: number; height: number },
): PixelBox {
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
