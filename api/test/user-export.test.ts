import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  USER_EXPORT_PATHS,
  userExportFileName,
  userExportSchema,
} from '@app/shared/contract/user-export';
import { API_TEXT, DATA_EXPORTS_PER_HOUR } from '@app/shared/spec';
import AdmZip from 'adm-zip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamUserExport } from '../src/services/user-export';
import { mediaKeys } from '../src/storage/keys';
import type { Storage } from '../src/storage/storage';
import { call } from './support/api-client';
import { trainReadyModel, uploadPhotos, userIdOf } from './support/fixtures';
import { dataUrl, facePhoto } from './support/images';
import { startS3 } from './support/s3';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS, type Dialect } from './support/test-database';
import type { TestUser } from './support/tokens';

interface Seeded {
  userId: string;
  modelId: string;
  photoIds: string[];
  generatedIds: string[];
  prompt: string;
}

/** Generated images as the engine stores them: a row and its original, each a distinct PNG. */
async function storeGenerated(studio: Studio, userId: string, modelId: string, count: number) {
  const { app } = studio.running;
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    const png = await sharp({
      create: { width: 20 + index, height: 10, channels: 3, background: '#ff8800' },
    })
      .png()
      .toBuffer();
    await app.storage.put(mediaKeys(userId, id).original, png, 'image/png');
    await app.db
      .insertInto('media')
      .values({
        id,
        user_id: userId,
        type: 'generated',
        status: 'ready',
        filename: `generated-${index}.png`,
        content_type: 'image/png',
        prompt: `a picture ${index}`,
        mode: 'text-to-image',
        aspect_ratio: '1:1',
        model_ids: JSON.stringify([modelId]),
        seed: index,
        width: 20 + index,
        height: 10,
        bytes: png.length,
        created_at: new Date(Date.now() + index).toISOString(),
      })
      .execute();
    // The first has a 2× version, stored as POST /media/{id}/hd stores it.
    if (index === 0)
      await app.media.storeHd(
        (await app.media.findOwned(userId, id))!,
        await sharp(png)
          .resize(40 + 2 * index)
          .png()
          .toBuffer(),
      );
    ids.push(id);
  }
  return ids;
}

async function seed(studio: Studio, user: TestUser, name: string): Promise<Seeded> {
  const userId = await userIdOf(studio, user);
  const loose = await uploadPhotos(studio, user, 2);
  const modelId = await trainReadyModel(studio, user, `${name}'s model`);
  const prompt = `${name} on the moon`;
  const job = await studio.as(user, 'POST', '/api/generate/text-to-image', {
    json: { prompt, model_ids: [modelId] },
  });
  expect(job.status).toBe(202);
  const model = await studio.as(user, 'GET', '/api/user');
  const trained: string[] = model.body.models[0].trainingPhotos;
  return {
    userId,
    modelId,
    photoIds: [...loose, ...trained],
    generatedIds: await storeGenerated(studio, userId, modelId, 3),
    prompt,
  };
}

async function storedBytes(studio: Studio, key: string): Promise<Buffer> {
  const file = await studio.running.app.storage.read(key);
  if (!file) throw new Error(`nothing stored at ${key}`);
  return buffer(file.stream);
}

async function download(url: string, token?: string) {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const setups: [Dialect, 'files' | 's3'][] = [
  ...DIALECTS.map((dialect): [Dialect, 'files'] => [dialect, 'files']),
  ['sqlite', 's3'],
];

describe.each(setups)('GET /user/export on %s with %s', { timeout: 60_000 }, (dialect, store) => {
  let studio: Studio;
  let stopS3 = async () => undefined as unknown;
  const alice = newUser('Alice');
  const bob = newUser('Bob');
  let a: Seeded;
  let b: Seeded;

  beforeAll(async () => {
    const s3 = store === 's3' ? await startS3() : undefined;
    if (s3) stopS3 = () => s3.s3.stop();
    studio = await startStudio(
      { WRITE_RATE_LIMIT_PER_MINUTE: '10000', ...(s3?.env ?? {}) },
      dialect,
    );
    a = await seed(studio, alice, 'Alice');
    b = await seed(studio, bob, 'Bob');
    const picture = await studio.as(alice, 'POST', '/api/user/profile-picture', {
      json: { imageBase64: dataUrl(facePhoto(), 'image/jpeg'), contentType: 'image/jpeg' },
    });
    expect(picture.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await studio.stop();
    await stopS3();
  });

  it("holds every photo and image of the user with their bytes, the JSON, and nothing of another's", async () => {
    const token = await studio.issuer.idToken(alice);
    const { response, bytes } = await download(`${studio.running.url}/api/user/export`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(
      `attachment; filename="${userExportFileName(new Date())}"`,
    );

    const zip = new AdmZip(bytes);
    const entries = zip.getEntries();
    const names = entries.map((entry) => entry.entryName).sort();
    const user = await studio.running.app.users.findById(a.userId);
    const pictureType = (await studio.running.app.storage.head(user!.profile_picture_key!))!;
    const pictureName = `${USER_EXPORT_PATHS.profilePicture}${pictureType.contentType === 'image/jpeg' ? '.jpg' : '.webp'}`;
    expect(names).toEqual(
      [
        ...a.photoIds.map((id) => `${USER_EXPORT_PATHS.trainingPhotos}${id}.png`),
        ...a.generatedIds.map((id) => `${USER_EXPORT_PATHS.generatedImages}${id}.png`),
        `${USER_EXPORT_PATHS.generatedImages}${a.generatedIds[0]}-hd.png`,
        pictureName,
        USER_EXPORT_PATHS.data,
      ].sort(),
    );
    // Images stored, not deflated: they are compressed already.
    const images = entries.filter((entry) => entry.entryName !== USER_EXPORT_PATHS.data);
    expect(images.every((entry) => entry.header.method === 0)).toBe(true);

    for (const id of [...a.photoIds, ...a.generatedIds]) {
      const entry = entries.find(
        (candidate) => candidate.entryName.includes(id) && !candidate.entryName.endsWith('-hd.png'),
      )!;
      expect(
        entry.getData().equals(await storedBytes(studio, mediaKeys(a.userId, id).original)),
      ).toBe(true);
    }
    const hd = zip.getEntry(`${USER_EXPORT_PATHS.generatedImages}${a.generatedIds[0]}-hd.png`)!;
    expect(
      hd.getData().equals(await storedBytes(studio, mediaKeys(a.userId, a.generatedIds[0]!).hd)),
    ).toBe(true);
    const picture = zip.getEntry(pictureName)!.getData();
    expect(picture.equals(await storedBytes(studio, user!.profile_picture_key!))).toBe(true);

    const text = zip.getEntry(USER_EXPORT_PATHS.data)!.getData().toString('utf8');
    const data = userExportSchema.parse(JSON.parse(text));
    expect(data.account).toMatchObject({
      email: alice.email,
      settings: { emailWhenModelReady: true },
      profilePicture: pictureName,
    });
    expect(data.models).toEqual([
      expect.objectContaining({ modelId: a.modelId, name: "Alice's model", status: 'ready' }),
    ]);
    expect(data.trainingPhotos.map((photo) => photo.imageId).sort()).toEqual(
      [...a.photoIds].sort(),
    );
    expect(data.trainingPhotos.every((photo) => names.includes(photo.file!))).toBe(true);
    expect(
      data.generatedImages.map((image) => [image.imageId, image.prompt, image.file, image.hdFile]),
    ).toEqual(
      a.generatedIds.map((id, index) => [
        id,
        `a picture ${index}`,
        `${USER_EXPORT_PATHS.generatedImages}${id}.png`,
        index === 0 ? `${USER_EXPORT_PATHS.generatedImages}${id}-hd.png` : null,
      ]),
    );
    expect(data.generations).toEqual([
      expect.objectContaining({ kind: 'generate', prompts: [a.prompt], modelIds: [a.modelId] }),
    ]);
    for (const foreign of [
      b.userId,
      b.modelId,
      b.prompt,
      bob.email,
      ...b.photoIds,
      ...b.generatedIds,
    ]) {
      expect(text).not.toContain(foreign);
      expect(names.some((name) => name.includes(foreign))).toBe(false);
    }
  });

  it('opens through a signed link without a token; a forged or foreign link is refused', async () => {
    const link = await studio.as(alice, 'POST', '/api/user/export/link');
    expect(link.status).toBe(200);
    expect(Date.parse(link.body.expiresAt)).toBeGreaterThan(Date.now());
    const { response, bytes } = await download(link.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const names = new AdmZip(bytes).getEntries().map((entry) => entry.entryName);
    expect(names).toContain(`${USER_EXPORT_PATHS.trainingPhotos}${a.photoIds[0]}.png`);
    expect(names.some((name) => name.includes(b.photoIds[0]!))).toBe(false);

    const forged = link.body.url.replace(/signature=[^&]+/, 'signature=forged');
    const other = link.body.url.replace(a.userId, b.userId);
    for (const url of [forged, other]) {
      const refused = await call(studio.running, 'GET', url);
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 404,
        message: API_TEXT.linkInvalid,
      });
    }
  });

  it('leaves out a file gone since the listing, and says so in the JSON', async () => {
    const carol = newUser('Carol');
    const userId = await userIdOf(studio, carol);
    const [kept, gone] = await storeGenerated(studio, userId, randomUUID(), 2);
    await studio.running.app.storage.delete(mediaKeys(userId, gone!).original);
    const { response, bytes } = await download(
      `${studio.running.url}/api/user/export`,
      await studio.issuer.idToken(carol),
    );
    expect(response.status).toBe(200);
    const zip = new AdmZip(bytes);
    expect(zip.getEntries().map((entry) => entry.entryName)).toEqual([
      `${USER_EXPORT_PATHS.generatedImages}${kept}.png`,
      `${USER_EXPORT_PATHS.generatedImages}${kept}-hd.png`,
      USER_EXPORT_PATHS.data,
    ]);
    const data = userExportSchema.parse(JSON.parse(zip.readAsText(USER_EXPORT_PATHS.data)));
    expect(data.generatedImages.map((image) => [image.imageId, image.file, image.hdFile])).toEqual([
      [
        kept,
        `${USER_EXPORT_PATHS.generatedImages}${kept}.png`,
        `${USER_EXPORT_PATHS.generatedImages}${kept}-hd.png`,
      ],
      [gone, null, null],
    ]);
  });

  it('fails the stream when a stored file breaks off midway, so no cut-off zip looks whole', async () => {
    const { app } = studio.running;
    // The real store, except that every file's stream breaks after its first bytes.
    const broken = Object.create(app.storage) as Storage;
    broken.read = async (key) => {
      const file = await app.storage.read(key);
      if (!file) return undefined;
      file.stream.destroy();
      const stream = new Readable({ read() {} });
      stream.push(Buffer.alloc(10));
      setImmediate(() => stream.destroy(new Error('connection reset')));
      return { ...file, stream };
    };
    const user = (await app.users.findById(a.userId))!;
    const output = streamUserExport({ db: app.db, storage: broken, log: app.log }, user);
    await expect(buffer(output)).rejects.toThrow('connection reset');
  });

  it(`hands out ${DATA_EXPORTS_PER_HOUR} links an hour per user, then says to wait`, async () => {
    const dave = newUser('Dave');
    for (let index = 0; index < DATA_EXPORTS_PER_HOUR; index += 1) {
      expect((await studio.as(dave, 'POST', '/api/user/export/link')).status).toBe(200);
    }
    const refused = await studio.as(dave, 'POST', '/api/user/export/link');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 429,
      message: API_TEXT.tooManyRequests,
    });
    expect((await studio.as(alice, 'POST', '/api/user/export/link')).status).toBe(200);
  });

  it(`opens a link ${DATA_EXPORTS_PER_HOUR} times an hour per user; forged links use up no turn`, async () => {
    const frank = newUser('Frank');
    const link = await studio.as(frank, 'POST', '/api/user/export/link');
    const forged = link.body.url.replace(/signature=[^&]+/, 'signature=forged');
    for (let index = 0; index < DATA_EXPORTS_PER_HOUR + 2; index += 1) {
      expect((await call(studio.running, 'GET', forged)).status).toBe(404);
    }
    for (let index = 0; index < DATA_EXPORTS_PER_HOUR; index += 1) {
      expect((await download(link.body.url)).response.status).toBe(200);
    }
    const refused = await call(studio.running, 'GET', link.body.url);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 429,
      message: API_TEXT.tooManyRequests,
    });
    // Another account's link is counted apart.
    const other = await studio.as(alice, 'POST', '/api/user/export/link');
    expect((await download(other.body.url)).response.status).toBe(200);
  });

  it("refuses a link once its account's deletion was asked for", async () => {
    const eve = newUser('Eve');
    const link = await studio.as(eve, 'POST', '/api/user/export/link');
    expect(link.status).toBe(200);
    const deletion = await studio.as(eve, 'POST', '/api/user/deletion', {
      json: { confirm: 'DELETE' },
    });
    expect(deletion.status).toBe(202);
    const refused = await call(studio.running, 'GET', link.body.url);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 404,
      message: API_TEXT.linkInvalid,
    });
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/export'],
      ['POST', '/api/user/export/link'],
    ] as const) {
      const response = await call(studio.running, method, path);
      expect(response.status).toBe(401);
    }
  });
});
