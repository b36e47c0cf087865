import { JobFailure } from '../../jobs/job-failures';
import type { Storage } from '../../storage/storage';
import type {
  CallContext,
  EditRequest,
  Engine,
  EngineImage,
  GenerateRequest,
  TrainRequest,
  TrainResult,
} from '../engine';
import { identityScore } from '../identity-score';
import { reviewPhotos } from '../photo-review';
import { readAll } from '../read-all';
import { alignFace } from './align-face';
import {
  deserializeModel,
  fitAppearanceModel,
  renderFace,
  sampleCoefficients,
  serializeModel,
  type AppearanceModel,
} from './appearance-model';
import { applySteering, composeImage } from './compose';
import { decodeForAnalysis, decodeUpright, encodePng } from './decode';
import { detectFaces, type Point, type RgbImage } from './face-api';
import { fitHiddenFace, pasteLearnedFace } from './face-fill';
import { bandRadius, dilatedMask, pushPullFill } from './inpaint';
import { steeringFor } from './prompt-vocabulary';

/** The mask seen through the face alignment: 1 where the canonical face frame is hidden. */
function maskInFrame(
  mask: Uint8Array,
  width: number,
  height: number,
  landmarks: Point[],
  size: number,
): Uint8Array {
  const asImage = {
    data: Uint8Array.from({ length: mask.length * 3 }, (_, at) => mask[Math.floor(at / 3)]! * 255),
    width,
    height,
  };
  const aligned = alignFace(asImage, landmarks, size);
  return Uint8Array.from({ length: size * size }, (_, pixel) =>
    aligned.data[pixel * 3]! > 0 ? 1 : 0,
  );
}

/** Draws of one generation before it settles for an image without a detectable face. */
const MAX_DRAWS = 3;

/** The seeds of a generation's draws: the first is the request's own. */
const drawSeed = (seed: number, draw: number) => (seed + draw * 0x9e3779b1) % 0x80000000;

export const modelKey = (userId: string, modelId: string) =>
  `users/${userId}/models/${modelId}/appearance.bin`;

/** Two selected models: each draws a face with the same seed, and the faces are averaged. */
function blend(faces: RgbImage[]): RgbImage {
  const [first] = faces;
  if (!first || faces.length === 1) return first!;
  const data = first.data.map((_, at) =>
    Math.round(faces.reduce((sum, face) => sum + face.data[at]!, 0) / faces.length),
  );
  return { ...first, data };
}

/**
 * The built-in engine: CPU only, no network. Training checks and aligns the faces and fits a
 * PCA appearance model of the person; generation draws new faces from it. See the engine
 * README for what that can and cannot do.
 */
export class CpuEngine implements Engine {
  readonly name = 'builtin-cpu';

  constructor(private readonly storage: Storage) {}

  async train(request: TrainRequest, { signal, onProgress }: CallContext): Promise<TrainResult> {
    const { usable, issues } = await reviewPhotos(request.photos, {
      signal,
      onProgress: (share) => onProgress(0.9 * share),
    });
    signal.throwIfAborted();
    const model = fitAppearanceModel(
      usable.map((photo) => photo.aligned),
      usable.map((photo) => photo.descriptor),
    );
    await this.storage.put(
      modelKey(request.userId, request.modelId),
      serializeModel(model),
      'application/octet-stream',
    );
    onProgress(1);
    return { photoIssues: issues };
  }

  private async load(userId: string, modelId: string): Promise<AppearanceModel> {
    const stored = await this.storage.read(modelKey(userId, modelId));
    if (!stored) throw new JobFailure('This model has no trained data; train it again.');
    return deserializeModel(await readAll(stored.stream));
  }

  async generate(
    request: GenerateRequest,
    { signal, onProgress }: CallContext,
  ): Promise<EngineImage> {
    const models = await Promise.all(request.modelIds.map((id) => this.load(request.userId, id)));
    signal.throwIfAborted();
    const steering = steeringFor(request.prompt);
    const references = models[0]?.references ?? [];
    let image!: EngineImage;
    // A draw far out in the model's tails can come out as no recognisable face (about one in six
    // with 5 photos): such a draw is redrawn from the next seed of the same sequence, so the
    // same request still gives the same image.
    for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
      signal.throwIfAborted();
      const seed = drawSeed(request.seed, draw);
      const faces = models.map((model) =>
        renderFace(model, sampleCoefficients(model, seed, steering.temperature)),
      );
      const data = await composeImage(applySteering(blend(faces), steering), request.aspectRatio);
      onProgress(0.3 + (0.6 * (draw + 1)) / MAX_DRAWS);
      image = { data, identityScore: await identityScore(data, references) };
      if (image.identityScore !== null || references.length === 0) break;
    }
    return image;
  }

  /**
   * Regenerates the painted region grown by a 1 % band: a classical fill everywhere, replaced on
   * the face by the face the person's model finds most likely given the visible pixels. Every
   * pixel outside the band is the uploaded one. The output keeps the uploaded image's size.
   */
  async edit(request: EditRequest, { signal, onProgress }: CallContext): Promise<EngineImage> {
    const [model] = await Promise.all(request.modelIds.map((id) => this.load(request.userId, id)));
    if (!model) throw new JobFailure('Select a model.');
    const image = await decodeUpright(request.image);
    const { width, height } = image;
    const mask = await dilatedMask(request.mask, width, height, bandRadius(width, height));
    const filled = pushPullFill(image, mask);
    onProgress(0.3);
    signal.throwIfAborted();

    const { image: small, scale } = await decodeForAnalysis(request.image);
    const [face] = await detectFaces(small);
    if (face) {
      const landmarks = face.landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
      const hidden = maskInFrame(mask, width, height, landmarks, model.size);
      if (hidden.some(Boolean)) {
        const rendered = fitHiddenFace(model, alignFace(image, landmarks, model.size), hidden);
        pasteLearnedFace(filled, mask, landmarks, rendered, model.size);
      }
    }
    onProgress(0.8);
    const png = await encodePng(filled);
    return { data: png, identityScore: await identityScore(png, model.references) };
  }
}
