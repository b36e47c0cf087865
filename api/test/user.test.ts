import {
  FILE_TEXT,
  FORM_TEXT,
  PROFILE_TEXT,
  API_TEXT,
  MAX_PROFILE_PICTURE_BYTES,
} from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from './support/api-client';
import { dataUrl, facePhoto, heicFixture, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';

describe.each(DIALECTS)('/api/user on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '1000' }, dialect);
  });
  afterAll(() => studio.stop());

  it('GET answers the same profile again until something changes it, then the change', async () => {
    const user = newUser('Ada Lovelace');
    const first = await studio.as(user, 'GET', '/api/user');
    expect((await studio.as(user, 'GET', '/api/user')).body).toEqual(first.body);
    expect((await studio.as(user, 'PUT', '/api/user', { json: { name: 'Ada King' } })).status).toBe(
      200,
    );
    expect((await studio.as(user, 'GET', '/api/user')).body.name).toBe('Ada King');
    // A write made beside the api (an operator's fix, another process): seen on the next read.
    await studio.running.app.db
      .updateTable('users')
      .set({ name: 'Countess of Lovelace' })
      .where('identity_sub', '=', user.sub)
      .execute();
    expect((await studio.as(user, 'GET', '/api/user')).body.name).toBe('Countess of Lovelace');
  });

  it('GET drops the Pro limit when a canceled subscription’s paid period ends, with no write', async () => {
    const user = newUser();
    await studio.as(user, 'GET', '/api/user');
    const end = Date.now() + 60_000;
    await studio.running.app.db
      .updateTable('users')
      .set({ subscription_status: 'canceled', subscription_end: new Date(end).toISOString() })
      .where('identity_sub', '=', user.sub)
      .execute();
    expect((await studio.as(user, 'GET', '/api/user')).body.modelLimit).toBe(5);
    // The api and this test share the clock: the paid period ends without waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(end);
      expect((await studio.as(user, 'GET', '/api/user')).body.modelLimit).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('GET answers the §7 profile of a new user', async () => {
    const user = newUser('Grace Hopper');
    const response = await studio.as(user, 'GET', '/api/user');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: 'Grace Hopper',
      email: user.email,
      createdAt: expect.any(String),
      profilePicture: null,
      subscriptionStatus: 'none',
      subscriptionEnd: null,
      models: [],
      isAdmin: false,
      modelLimit: 1,
      modelStatus: 'none',
      modelId: null,
      storageUsed: 0,
      storageQuota: 2 * 1024 ** 3,
      trainingEngine: 'builtin-cpu',
      settings: { emailWhenModelReady: true },
    });
  });

  it('PUT keeps the training mail setting, which leaves the name alone', async () => {
    const user = newUser('Mary Jackson');
    const off = await studio.as(user, 'PUT', '/api/user', {
      json: { settings: { emailWhenModelReady: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      name: 'Mary Jackson',
      settings: { emailWhenModelReady: false },
    });
    expect((await studio.as(user, 'GET', '/api/user')).body.settings).toEqual({
      emailWhenModelReady: false,
    });
    const wrongType = await studio.as(user, 'PUT', '/api/user', {
      json: { settings: { emailWhenModelReady: 'yes' } },
    });
    expect(wrongType.status).toBe(400);
  });

  it('PUT changes the name, trims it, ignores read-only fields and refuses a blank one', async () => {
    const user = newUser();
    const updated = await studio.as(user, 'PUT', '/api/user', {
      json: { name: '  Ada King  ', email: 'hacker@example.com' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Ada King', email: user.email });

    const blank = await studio.as(user, 'PUT', '/api/user', { json: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: 'ValidationError', message: FORM_TEXT.required });

    const wrongType = await studio.as(user, 'PUT', '/api/user', { json: { name: 42 } });
    expect(wrongType.status).toBe(400);
    expect((await studio.as(user, 'GET', '/api/user')).body.name).toBe('Ada King');
  });

  it('GET /user/training-status reports no training for a new user', async () => {
    const response = await studio.as(newUser(), 'GET', '/api/user/training-status');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ modelStatus: 'none', isTraining: false, models: [] });
  });

  describe('profile picture', () => {
    it('stores a cropped JPEG and serves it through a signed URL without metadata', async () => {
      const user = newUser();
      const upload = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: { imageBase64: dataUrl(facePhoto(), 'image/jpeg'), contentType: 'image/jpeg' },
      });
      expect(upload.status).toBe(200);
      const url: string = upload.body.profilePictureUrl;
      expect(url).toMatch(/\/api\/files\/users\/.+\?expires=\d+&signature=/);

      const picture = await fetch(url);
      expect(picture.status).toBe(200);
      const metadata = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
      expect(metadata.exif).toBeUndefined();

      const profile = await studio.as(user, 'GET', '/api/user');
      expect(profile.body.profilePicture).toMatch(/\/api\/files\/users\//);

      const removed = await studio.as(user, 'DELETE', '/api/user/profile-picture');
      expect(removed.status).toBe(200);
      expect((await studio.as(user, 'GET', '/api/user')).body.profilePicture).toBeNull();
      expect((await fetch(url)).status).toBe(404);
      expect((await studio.as(user, 'DELETE', '/api/user/profile-picture')).status).toBe(404);
    });

    it('refuses other formats with the spec text, by declared type and by bytes', async () => {
      const user = newUser();
      const heic = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: { imageBase64: heicFixture().toString('base64'), contentType: 'image/heic' },
      });
      expect(heic.status).toBe(415);
      expect(heic.body.message).toBe(PROFILE_TEXT.unsupportedPictureFormat);

      const lying = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: {
          imageBase64: Buffer.from('GIF89a-pretending').toString('base64'),
          contentType: 'image/png',
        },
      });
      expect(lying.status).toBe(415);
      expect(lying.body.message).toBe(PROFILE_TEXT.unsupportedPictureFormat);

      const junk = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: { imageBase64: '!!!not base64!!!', contentType: 'image/png' },
      });
      expect(junk.status).toBe(400);
      expect(junk.body.message).toBe(FILE_TEXT.invalidFile);
    });

    it('refuses pictures over 5 MB with the spec text', async () => {
      const user = newUser();
      const png = await solidPng();
      const big = Buffer.concat([png, Buffer.alloc(MAX_PROFILE_PICTURE_BYTES)]);
      const tooBig = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: { imageBase64: big.toString('base64'), contentType: 'image/png' },
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual({
        error: 'PayloadTooLarge',
        message: PROFILE_TEXT.pictureTooLarge,
      });
      const wayTooBig = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: { imageBase64: 'A'.repeat(8 * 1024 * 1024), contentType: 'image/png' },
      });
      expect(wayTooBig.status).toBe(413);
      expect(wayTooBig.body.message).toBe(PROFILE_TEXT.pictureTooLarge);
    });
  });
});

describe('rate limits on write routes', { timeout: 30_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => studio.stop());

  it('answers 429 with a JSON error after the per-user limit, reads stay open', async () => {
    const user = newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await studio.as(user, 'PUT', '/api/user', { json: { name: `N${i}` } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await studio.as(user, 'PUT', '/api/user', { json: { name: 'x' } });
    expect(limited.body).toEqual({ error: 'TooManyRequests', message: API_TEXT.tooManyRequests });
    expect((await studio.as(user, 'GET', '/api/user')).status).toBe(200);
    // Counted per user: someone else is not throttled.
    expect((await studio.as(newUser(), 'PUT', '/api/user', { json: { name: 'y' } })).status).toBe(
      200,
    );
  });

  it('still rejects unauthenticated writes with 401', async () => {
    expect((await call(studio.running, 'PUT', '/api/user', { json: {} })).status).toBe(401);
  });
});
