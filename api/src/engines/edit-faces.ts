import type { EditFace, EditPoint } from '@app/shared/spec';
import { decodeForAnalysis } from './cpu/decode';
import { describeFaces, descriptorDistance, segmentInFaceThread } from './cpu/face-api';
import { segmentationInput } from './cpu/person-matte';
import { faceReferences } from './identity-score';
import { LIKENESS_THRESHOLD } from './likeness';

/** face-api's 68 landmarks begin with the jaw line, ear to ear. */
const JAW_POINTS = 17;
/** Columns the head's outline is traced at, across the face from ear to ear. */
const HEAD_OUTLINE_COLUMNS = 32;
/** Where the person segmentation says person rather than room. */
const PERSON = 0.5;

const unit = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The outline of the head above the ears, left to right: in each column from ear to ear, where
 * the room above gives way to the person (the network's `probability`, `size` square over the
 * photo). So it is the top of the head in the middle and its sides near the ears. A column where
 * the person reaches the photo's top edge, or no person lies above the ears, has no point: the
 * photo shows no outline there.
 */
function headOutlineOf(probability: Float32Array, size: number, outline: EditPoint[]): EditPoint[] {
  const [ear, otherEar] = [outline[0]!, outline[outline.length - 1]!];
  const lowest = Math.floor(Math.min(ear.y, otherEar.y) * size);
  const points: EditPoint[] = [];
  for (let column = 0; column <= HEAD_OUTLINE_COLUMNS; column += 1) {
    const x = ear.x + ((otherEar.x - ear.x) * column) / HEAD_OUTLINE_COLUMNS;
    const at = Math.min(size - 1, Math.floor(x * size));
    let row = 0;
    while (row < lowest && probability[row * size + at]! < PERSON) row += 1;
    if (row > 0 && row < lowest) points.push({ x, y: row / size });
  }
  return points;
}

/**
 * The faces of a photo to edit, for the edit-mask rule (`editMaskProblem`): each face's jaw line,
 * its head's outline, and whether it is the person of `referencePhoto` (the model's
 * best-reviewed training photo). Without a reference face every face counts as the person's: the
 * rule then only keeps the fill off the faces' edges. Runs in the face thread.
 */
export async function editFaces(
  image: Buffer,
  referencePhoto: Buffer | undefined,
  signal?: AbortSignal,
): Promise<EditFace[]> {
  const [{ image: rgb }, references] = await Promise.all([
    decodeForAnalysis(image),
    referencePhoto ? faceReferences(referencePhoto, signal) : Promise.resolve([]),
  ]);
  const faces = await describeFaces(rgb, signal);
  if (faces.length === 0) return [];
  const square = await segmentationInput(rgb);
  const probability = await segmentInFaceThread(square, signal);
  return faces.map((face) => {
    const outline = face.landmarks
      .slice(0, JAW_POINTS)
      .map(({ x, y }) => ({ x: unit(x / rgb.width), y: unit(y / rgb.height) }));
    return {
      outline,
      headOutline: headOutlineOf(probability, square.width, outline),
      isModelPerson:
        references.length === 0 ||
        references.some(
          (reference) => descriptorDistance(face.descriptor, reference) <= LIKENESS_THRESHOLD,
        ),
    };
  });
}
