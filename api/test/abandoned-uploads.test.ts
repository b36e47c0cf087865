import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads } from '../src/services/abandoned-uploads';
import { facePhoto } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';

describe('abandoned presigned uploads', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  }, 30_000);
  afterAll(() => studio.stop());

  it('are removed an hour after their targets were handed out; received photos stay', async () => {
    const user = newUser();
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: {
        files: ['kept.jpg', 'never-sent.jpg', 'stuck.jpg'].map((filename) => ({
          filename,
          contentType: 'image/jpeg',
        })),
      },
    });
    const [kept, neverSent, stuck] = targets.body as { presignedUrl: string; imageId: string }[];
    const put = await fetch(kept!.presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: facePhoto(0),
    });
    expect(put.status).toBe(200);
    // A process that died while receiving leaves its claim behind.
    const { db, media } = studio.running.app;
    await db
      .updateTable('media')
      .set({ status: 'receiving' })
      .where('id', '=', stuck!.imageId)
      .execute();

    const soon = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS - 60_000);
    expect(await sweepAbandonedUploads(db, media, soon)).toEqual([]);

    const later = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 1000);
    const removed = await sweepAbandonedUploads(db, media, later);
    expect(removed.sort()).toEqual([neverSent!.imageId, stuck!.imageId].sort());

    const late = await fetch(neverSent!.presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: facePhoto(0),
    });
    expect(late.status).toBe(404);
    const photos = await studio.as(user, 'GET', '/api/media/training-photos');
    expect(
      (photos.body as { items: { imageId: string }[] }).items.map((item) => item.imageId),
    ).toEqual([kept!.imageId]);
  });
});
