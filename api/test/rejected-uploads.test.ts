import { FILE_TEXT, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads } from '../src/services/abandoned-uploads';
import { facePhoto, heicFixture, pngBomb } from './support/images';
import type { S3Double } from './support/s3-double';
import { startS3 } from './support/s3';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';
import type { TestUser } from './support/tokens';

/** Files a presigned upload must refuse, each with the content type the client declared. */
function refusedFiles(): { name: string; type: string; bytes: Buffer }[] {
  return [
    { name: 'doc.jpg', type: 'image/jpeg', bytes: Buffer.from('%PDF-1.7 not an image') },
    { name: 'bomb.png', type: 'image/png', bytes: pngBomb() },
    { name: 'empty.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
    { name: 'cut.heic', type: 'image/heic', bytes: heicFixture().subarray(0, 100) },
    {
      name: 'big.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([facePhoto(), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - facePhoto().length)]),
    },
  ];
}

const idsOf = (body: { items: { imageId: string }[] }) => body.items.map((item) => item.imageId);

describe.each(DIALECTS)('refused presigned uploads on %s', { timeout: 60_000 }, (dialect) => {
  describe.each(['the data directory', 'S3'])('with files in %s', (storage) => {
    let studio: Studio;
    let s3: S3Double | undefined;
    beforeAll(async () => {
      const started = storage === 'S3' ? await startS3() : undefined;
      s3 = started?.s3;
      studio = await startStudio(
        { ...started?.env, WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
        dialect,
      );
    }, 30_000);
    afterAll(async () => {
      await studio.stop();
      await s3?.stop();
    });

    async function uploadAll(
      user: TestUser,
      files: { name: string; type: string; bytes: Buffer }[],
    ) {
      const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
        json: { files: files.map((file) => ({ filename: file.name, contentType: file.type })) },
      });
      expect(targets.status).toBe(200);
      const handed = targets.body as { presignedUrl: string; imageId: string }[];
      const answers = [];
      for (const [index, target] of handed.entries()) {
        const file = files[index]!;
        const put = await fetch(target.presignedUrl, {
          method: 'PUT',
          headers: { 'content-type': file.type },
          body: file.bytes,
        });
        answers.push({ status: put.status, body: await put.text() });
      }
      return { handed, answers };
    }

    it('are not listed, but tell the uploader why; a corrected retry is', async () => {
      const user = newUser();
      const files = [
        ...refusedFiles(),
        { name: 'me.jpg', type: 'image/jpeg', bytes: facePhoto(1) },
      ];
      const { handed, answers } = await uploadAll(user, files);
      const refused = handed.slice(0, -1).map((target) => target.imageId);
      const good = handed.at(-1)!.imageId;
      if (storage !== 'S3') {
        // Our own target judges the bytes as they arrive (S3 takes anything; checked on use).
        expect(answers.slice(0, -1).map((answer) => answer.status >= 400)).toEqual(
          refused.map(() => true),
        );
      }

      const list = await studio.as(user, 'GET', '/api/media');
      expect(list.status).toBe(200);
      expect(idsOf(list.body)).toEqual([good]);
      const training = await studio.as(user, 'GET', '/api/media/training-photos');
      expect(idsOf(training.body)).toEqual([good]);

      // The client that uploaded them can still learn the reason, by id or by asking for them.
      const failed = await studio.as(user, 'GET', '/api/media?status=failed');
      expect(idsOf(failed.body).sort()).toEqual([...refused].sort());
      const big = await studio.as(user, 'GET', `/api/media/${refused[4]}`);
      expect(big.body).toMatchObject({ status: 'failed', failureReason: FILE_TEXT.tooLarge });
      const doc = await studio.as(user, 'GET', `/api/media/${refused[0]}`);
      expect(doc.body).toMatchObject({
        status: 'failed',
        failureReason: FILE_TEXT.generalTypeNotAllowed,
      });

      if (storage !== 'S3') {
        const retry = await fetch(handed[0]!.presignedUrl, {
          method: 'PUT',
          headers: { 'content-type': 'image/jpeg' },
          body: facePhoto(0),
        });
        expect(retry.status).toBe(200);
        const after = await studio.as(user, 'GET', '/api/media');
        expect(idsOf(after.body).sort()).toEqual([good, refused[0]].sort());
      }
    });

    it('are removed with the abandoned uploads an hour after their targets were handed out', async () => {
      const user = newUser();
      const { handed } = await uploadAll(user, refusedFiles().slice(0, 2));
      await studio.as(user, 'GET', '/api/media');
      const { db, media } = studio.running.app;
      const later = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 1000);
      const removed = await sweepAbandonedUploads(db, media, later);
      for (const { imageId } of handed) {
        expect(removed).toContain(imageId);
        expect((await studio.as(user, 'GET', `/api/media/${imageId}`)).status).toBe(404);
      }
    });
  });
});
