import { JobFailure } from '../../jobs/job-failures';
import { resampleTwice } from '../../media/enlarge';
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
import { composePortrait } from './compose';
import { portraitLayout, poseFor } from './layout';
import { blendFaceIntoPortrait } from './portrait-face';
import { decodeForAnalysis, decodeUpright, encodePng } from './decode';
import { detectFaces, type RgbImage } from './face-api';
import { blendLearnedFace, faceRegionInBand, fitHiddenFace, hiddenInFrame } from './face-fill';
import { featureOutlines, fillPolygon } from './face-region';
import { bandRadius, editBand } from './inpaint';
import { exemplarFill } from './patch-match';
import { fillPersonThenRoom, personOrRoom } from './person-or-room';
import { fillHiddenSkin } from './skin-or-hair';
import { decodePortrait, makePortraits, pickPortrait } from './portraits';
import { steeringFor, type Steering } from './prompt-vocabulary';

/** Models from before portraits (version 1) can edit, but have no person to draw around a face. */
const RETRAIN_FOR_PORTRAITS =
  'This model was trained by an earlier version of the built-in engine; train it again to generate images.';

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
 * One draw of a generated portrait as a PNG: the seed picks the lead photo, the face drawn
 * around that photo's face (each model draws one, averaged), the framing and the backdrop.
 */
async function drawPortrait(
  models: AppearanceModel[],
  aspectRatio: GenerateRequest['aspectRatio'],
  steering: Steering,
  seed: number,
): Promise<Buffer> {
  const lead = models[0]!;
  const portrait = pickPortrait(lead.portraits, seed);
  const faces = models.map((model, index) =>
    renderFace(
      model,
      sampleCoefficients(
        model,
        seed,
        steering.temperature,
        index === 0 ? lead.trainingCoefficients[portrait.training] : undefined,
      ),
    ),
  );
  const person = await decodePortrait(portrait);
  blendFaceIntoPortrait(person, portrait.landmarks, blend(faces).data, lead.size);
  const layout = portraitLayout(aspectRatio, poseFor(seed));
  return composePortrait(person, layout, steering, seed);
}

/**
 * A draw with its likeness to the lead model. A draw far out in the model's tails can come out
 * as no recognisable face: it is redrawn (`redraw(1)`, `redraw(2)`: the next seeds of a fixed
 * sequence), so the same request still gives the same image.
 */
async function scoreOrRedraw(
  first: Buffer,
  redraw: (draw: number) => Promise<Buffer>,
  lead: AppearanceModel,
  signal: AbortSignal,
): Promise<EngineImage> {
  let data = first;
  for (let draw = 1; ; draw += 1) {
    const score = await identityScore(data, lead.references, signal);
    if (score !== null || lead.references.length === 0 || draw === MAX_DRAWS) {
      return { data, identityScore: score };
    }
    signal.throwIfAborted();
    data = await redraw(draw);
  }
}

/**
 * The built-in engine: CPU only, no network. Training checks and aligns the faces, fits a PCA
 * appearance model of the person and cuts the person out of the best-suited photos; generation
 * draws a new face into one of them over a backdrop the prompt picks. See the engine
 * README for what that can and cannot do.
 */
export class CpuEngine implements Engine {
  readonly name = 'builtin-cpu';

  constructor(private readonly storage: Storage) {}

  async train(request: TrainRequest, { signal, onProgress }: CallContext): Promise<TrainResult> {
    const { usable, issues } = await reviewPhotos(request.photos, {
      signal,
      onProgress: (share) => onProgress(0.6 * share),
    });
    signal.throwIfAborted();
    const model = fitAppearanceModel(
      usable.map((photo) => photo.aligned),
      usable.map((photo) => photo.descriptor),
    );
    onProgress(0.65);
    model.portraits = await makePortraits(usable, signal);
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

  async generate(request: GenerateRequest, context: CallContext): Promise<EngineImage> {
    const [image] = await this.generateMany(request, 1, context);
    return image!;
  }

  /**
   * `count` images, seeds `request.seed` onwards: each the image `generate` draws for its seed
   * (consecutive seeds lead with different photos). The models are read once for all of them,
   * and each image's likeness is scored in the face thread while this thread draws the next.
   */
  async generateMany(
    request: GenerateRequest,
    count: number,
    { signal, onProgress }: CallContext,
  ): Promise<EngineImage[]> {
    const models = await Promise.all(request.modelIds.map((id) => this.load(request.userId, id)));
    const [lead] = models;
    if (!lead) throw new JobFailure('Select a model.');
    if (lead.portraits.length === 0) throw new JobFailure(RETRAIN_FOR_PORTRAITS);
    const steering = steeringFor(request.prompt);
    const draw = (seed: number) => drawPortrait(models, request.aspectRatio, steering, seed);
    const images: Promise<EngineImage>[] = [];
    for (let index = 0; index < count; index += 1) {
      signal.throwIfAborted();
      const seed = request.seed + index;
      const first = await draw(drawSeed(seed, 0));
      onProgress((0.9 * (index + 1)) / count);
      const image = scoreOrRedraw(first, (next) => draw(drawSeed(seed, next)), lead, signal);
      // Awaited below, after the later draws: marked handled now, so a failure meanwhile is
      // not taken for an unhandled rejection.
      image.catch(() => undefined);
      images.push(image);
    }
    return Promise.all(images);
  }

  /**
   * Regenerates the painted region grown by a 1 % band: on the face, the face the person's model
   * finds most likely given the visible pixels, pasted in the gradient domain; around it,
   * exemplar-based inpainting from the rest of the photo. Every pixel outside the band is the
   * uploaded one. The output keeps the uploaded image's size.
   */
  async edit(request: EditRequest, { signal, onProgress }: CallContext): Promise<EngineImage> {
    const [model] = await Promise.all(request.modelIds.map((id) => this.load(request.userId, id)));
    if (!model) throw new JobFailure('Select a model.');
    const image = await decodeUpright(request.image);
    const { width, height } = image;
    const { band, painted } = await editBand(
      request.mask,
      width,
      height,
      bandRadius(width, height),
    );
    const { image: small, scale } = await decodeForAnalysis(request.image);
    const [face] = await detectFaces(small, signal);
    const filled: RgbImage = { ...image, data: Uint8Array.from(image.data) };
    const rest = Uint8Array.from(band);
    const landmarks = face?.landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
    if (landmarks) {
      const region = faceRegionInBand(band, width, height, landmarks);
      if (region) {
        const hidden = hiddenInFrame(band, width, height, landmarks, model.size);
        const rendered = fitHiddenFace(model, alignFace(image, landmarks, model.size), hidden);
        blendLearnedFace(filled, region, band, painted, landmarks, rendered, model.size);
        for (let y = region.top; y < region.top + region.height; y += 1) {
          for (
            let at = y * width + region.left;
            at < y * width + region.left + region.width;
            at += 1
          )
            rest[at] = rest[at]! & (1 - region.mask[at]!);
        }
      }
    }
    onProgress(0.4);
    signal.throwIfAborted();
    // Around the face: patches of the photo outside the band, matched against the new face too,
    // but never an eye, the nostrils or the mouth (an eye copied onto a hairline).
    const sources = new Uint8Array(band.length);
    for (let at = 0; at < band.length; at += 1) sources[at] = 1 - band[at]!;
    if (landmarks) {
      for (const outline of featureOutlines(landmarks))
        fillPolygon(sources, outline, width, height, 0);
    }
    let result: RgbImage;
    if (landmarks) {
      const labels = await personOrRoom(request.image, width, height, landmarks);
      const person = fillHiddenSkin(filled, rest, sources, labels, landmarks, request.seed);
      result = fillPersonThenRoom(person.image, person.hole, person.sources, labels, request.seed);
    } else {
      result = exemplarFill(filled, rest, { seed: request.seed, sources });
    }
    onProgress(0.8);
    const png = await encodePng(result);
    return { data: png, identityScore: await identityScore(png, model.references, signal) };
  }

  /** No upscaler model runs fast enough on a CPU here: a resample ("enlarged", not "HD"). */
  enlarge(image: Buffer, context: CallContext): Promise<Buffer> {
    return resampleTwice(image, context);
  }
}
