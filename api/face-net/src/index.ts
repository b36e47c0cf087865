export type { DescribedFace, FaceFinding, Point, RgbImage } from './faces';
export { describeFaces, findFaces, recognitionNetLoaded } from './find-faces';
export { SEGMENTATION_SIZE, segmentPerson } from './person-segmentation';
