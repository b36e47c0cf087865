import type { EditFace } from '@app/shared/spec';
import { decodeForAnalysis } from './cpu/decode';
import { describeFaces, descriptorDistance } from './cpu/face-api';
import { faceReferences } from './identity-score';
import { LIKENESS_THRESHOLD } from './likeness';

/** face-api's 68 landmarks begin with the jaw line, ear to ear. */
const JAW_POINTS = 17;

const unit = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The faces of a photo to edit, for the edit-mask rule (`editMaskProblem`): each face's jaw line
 * and whether it is the person of `referencePhoto` (the model's best-reviewed training photo).
 * Without a reference face every face counts as the person's: the rule then only keeps the fill
 * off the faces' edges. Runs in the face thread.
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
  return faces.map((face) => ({
    outline: face.landmarks
      .slice(0, JAW_POINTS)
      .map(({ x, y }) => ({ x: unit(x / rgb.width), y: unit(y / rgb.height) })),
    isModelPerson:
      references.length === 0 ||
      references.some(
        (reference) => descriptorDistance(face.descriptor, reference) <= LIKENESS_THRESHOLD,
      ),
  }));
}
