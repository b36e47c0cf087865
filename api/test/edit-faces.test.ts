import { API_TEXT, EDIT_MASK_TEXT, GENERATE_TEXT, type EditPoint } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markModelReady, trainReadyModel } from './support/fixtures';
import { smallSubjectPhoto } from './support/images';
import { boxAround, rectanglesMask } from './support/masks';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';

/**
 * The edit-mask rule's faces (spec/edit-mask.ts): what POST /generate/edit-image/faces tells the
 * generate page, and the same rule applied to the edit itself, on the repo's photos of one
 * person (the model's) and of another.
 */
describe('edit faces', { timeout: 60_000 }, () => {
  let studio: Studio;
  let user: TestUser;
  let modelId: string;
  let lisa: Buffer;
  let other: Buffer;

  async function post(
    path: 'faces' | 'edit',
    parts: { image?: Buffer; mask?: Buffer; modelIds?: string[] },
    as: TestUser = user,
  ) {
    const form = new FormData();
    form.set('prompt', 'me');
    if (parts.modelIds) form.set('model_ids', JSON.stringify(parts.modelIds));
    if (parts.image) form.set('image', new Blob([parts.image], { type: 'image/jpeg' }), 'a.jpg');
    if (parts.mask) form.set('mask', new Blob([parts.mask], { type: 'image/png' }), 'mask.png');
    const url = path === 'faces' ? '/api/generate/edit-image/faces' : '/api/generate/edit-image';
    return studio.as(as, 'POST', url, { body: form });
  }

  /** A mask of `image`'s size over the box around some of a face's outline points. */
  async function maskOver(image: Buffer, points: EditPoint[], pad: number): Promise<Buffer> {
    const { width = 1, height = 1 } = await sharp(image).metadata();
    const pixels = points.map(({ x, y }) => ({ x: x * width, y: y * height }));
    return rectanglesMask(width, height, [boxAround(pixels, pad)]);
  }

  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    user = newUser();
    [lisa, other] = await Promise.all([
      smallSubjectPhoto('lisa_debruine', '07.jpg'),
      smallSubjectPhoto('frl_london_004', '01.jpg'),
    ]);
    // A model trained on five of the person's photos (07 is not one of them).
    const photos = await Promise.all(
      ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'].map((file) =>
        smallSubjectPhoto('lisa_debruine', file),
      ),
    );
    const upload = await studio.as(user, 'POST', '/api/media/upload', {
      json: {
        photos: photos.map((photo, index) => ({
          imageBase64: photo.toString('base64'),
          filename: `lisa-${index}.jpg`,
          contentType: 'image/jpeg',
          caption: '',
        })),
      },
    });
    expect(upload.status).toBe(200);
    const training = await studio.as(user, 'POST', '/api/media/start-training', {
      json: {
        modelName: 'Lisa',
        triggerWord: 'lisa',
        photoIds: upload.body.items.map((item: { imageId: string }) => item.imageId),
      },
    });
    expect(training.status).toBe(202);
    modelId = training.body.modelId;
    await markModelReady(studio, modelId);
  }, 60_000);
  afterAll(() => studio.stop());

  it("finds the person's face, its jaw line and the head's outline, and tells another person's apart", async () => {
    const own = await post('faces', { image: lisa, modelIds: [modelId] });
    expect(own.status).toBe(200);
    expect(own.body.faces).toHaveLength(1);
    const [face] = own.body.faces;
    expect(face.isModelPerson).toBe(true);
    expect(face.outline).toHaveLength(17);
    // Ear to ear through the chin: the chin lies below both ends, between them.
    const [first, chin, last] = [face.outline[0], face.outline[8], face.outline[16]];
    expect(chin.y).toBeGreaterThan(Math.max(first.y, last.y));
    expect(chin.x).toBeGreaterThan(first.x);
    expect(chin.x).toBeLessThan(last.x);
    // The head's outline runs over the face, left to right, above the ears and the jaw.
    const top: EditPoint[] = face.headOutline;
    expect(top.length).toBeGreaterThan(20);
    expect(top.every((p, k) => k === 0 || p.x > top[k - 1]!.x)).toBe(true);
    expect(top[0]!.x).toBeGreaterThanOrEqual(first.x);
    expect(top.at(-1)!.x).toBeLessThanOrEqual(last.x);
    expect(Math.max(...top.map((p) => p.y))).toBeLessThan(Math.min(first.y, last.y));

    const someoneElse = await post('faces', { image: other, modelIds: [modelId] });
    expect(someoneElse.status).toBe(200);
    expect(someoneElse.body.faces.map((f: { isModelPerson: boolean }) => f.isModelPerson)).toEqual([
      false,
    ]);
  });

  it("refuses an edit across the edge of the face, the head's outline or another face, with the same words", async () => {
    const [face] = (await post('faces', { image: lisa, modelIds: [modelId] })).body.faces;
    const chin = await maskOver(lisa, face.outline.slice(6, 11), 0.1);
    const across = await post('edit', { image: lisa, mask: chin, modelIds: [modelId] });
    expect({ status: across.status, message: across.body.message }).toEqual({
      status: 400,
      message: EDIT_MASK_TEXT.crossesFaceEdge,
    });

    // Inside the face, clear of its edge: the middle fifth of the face's box.
    const [xs, ys] = [
      face.outline.map((p: EditPoint) => p.x),
      face.outline.map((p: EditPoint) => p.y),
    ];
    const centre = {
      x: (Math.min(...xs) + Math.max(...xs)) / 2,
      y: (Math.min(...ys) + Math.max(...ys)) / 2,
    };
    const inside = await maskOver(lisa, [centre, { x: centre.x + 0.05, y: centre.y + 0.03 }], 0);
    expect((await post('edit', { image: lisa, mask: inside, modelIds: [modelId] })).status).toBe(
      202,
    );

    // Down across the middle of the top of the head, from the room into the hair.
    const middle = face.headOutline[Math.floor(face.headOutline.length / 2)];
    const crown = await maskOver(
      lisa,
      [
        { x: middle.x, y: middle.y - 0.05 },
        { x: middle.x + 0.04, y: middle.y + 0.05 },
      ],
      0,
    );
    const overTheTop = await post('edit', { image: lisa, mask: crown, modelIds: [modelId] });
    expect({ status: overTheTop.status, message: overTheTop.body.message }).toEqual({
      status: 400,
      message: EDIT_MASK_TEXT.crossesHeadOutline,
    });

    const [theirs] = (await post('faces', { image: other, modelIds: [modelId] })).body.faces;
    const theirChin = theirs.outline[8];
    const onTheirFace = await maskOver(
      other,
      [
        { x: theirChin.x, y: theirChin.y - 0.1 },
        { x: theirChin.x + 0.04, y: theirChin.y - 0.07 },
      ],
      0,
    );
    const onOther = await post('edit', { image: other, mask: onTheirFace, modelIds: [modelId] });
    expect({ status: onOther.status, message: onOther.body.message }).toEqual({
      status: 400,
      message: EDIT_MASK_TEXT.coversOtherFace,
    });
  });

  it('needs an image and the caller’s own ready model', async () => {
    const stranger = newUser();
    const theirModel = await trainReadyModel(studio, stranger);
    const cases: [Parameters<typeof post>[1], number, string][] = [
      [{ modelIds: [modelId] }, 400, GENERATE_TEXT.uploadImage],
      [{ image: lisa, modelIds: [theirModel] }, 404, API_TEXT.modelNotFound],
      [{ image: lisa, modelIds: [] }, 400, GENERATE_TEXT.selectModel],
    ];
    for (const [parts, status, message] of cases) {
      const response = await post('faces', parts);
      expect({ status: response.status, message: response.body.message }).toEqual({
        status,
        message,
      });
    }
  });
});
