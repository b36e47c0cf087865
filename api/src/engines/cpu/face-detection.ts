import type { DescribedFace, FaceFinding, RgbImage } from './face-api';
import { describeFaces, findFaces } from './face-net/find-faces';

/**
 * Every face with its landmarks, most confident first, in this thread: face-api's detector and
 * landmark net on their own weights (face-net/), without tfjs.
 */
export function detectFacesInThisThread(image: RgbImage): FaceFinding[] {
  return findFaces(image);
}

/**
 * `detectFacesInThisThread` with each face's descriptor: the same detections and landmarks, then
 * face-api's recognition net (face-net/, without tfjs, loaded on the first call) on each face
 * aligned as face-api aligns it (dlib's alignment).
 */
export function describeFacesInThisThread(image: RgbImage): DescribedFace[] {
  return describeFaces(image);
}
