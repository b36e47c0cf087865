import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-client';
import { startStudio, type Studio } from './support/studio';

/** Spec §7 plus the routes this api adds (signed files, upload target, billing pages). */
const EXPECTED: Record<string, string[]> = {
  '/api/health': ['get'],
  '/api/user': ['get', 'put'],
  '/api/user/deletion': ['post'],
  '/api/user/export': ['get'],
  '/api/user/export/link': ['post'],
  '/api/user/training-status': ['get'],
  '/api/user/model': ['put', 'delete'],
  '/api/user/models/delete': ['delete'],
  '/api/user/models/reorder': ['put'],
  '/api/user/models/{modelId}/photos': ['post', 'delete'],
  '/api/user/models/{modelId}/photos/order': ['put'],
  '/api/user/models/{modelId}/retry': ['post'],
  '/api/user/profile-picture': ['post', 'delete'],
  '/api/media': ['get'],
  '/api/media/{id}': ['get', 'delete'],
  '/api/media/{id}/hd': ['post'],
  '/api/media/upload': ['post'],
  '/api/media/presigned-urls': ['post'],
  '/api/media/start-training': ['post'],
  '/api/media/training-photos': ['get'],
  '/api/media/training-photos/{id}': ['delete'],
  '/api/image/{imageId}': ['get'],
  '/api/generate': ['post'],
  '/api/generate/text-to-image': ['post'],
  '/api/generate/edit-image': ['post'],
  '/api/generate/edit-image/faces': ['post'],
  '/api/generate/status/{id}': ['get'],
  '/api/generate/cancel/{id}': ['post'],
  '/api/create-checkout-session': ['post'],
  '/api/cancel-subscription': ['post'],
  '/api/files/{*}': ['get'],
  '/api/uploads/{id}': ['put'],
  '/api/exports/{id}': ['get'],
  '/api/billing/test-checkout/{id}': ['get'],
  '/api/billing/test-checkout/{id}/complete': ['post'],
  '/api/billing/test-checkout/{id}/cancel': ['post'],
};

describe('GET /api/openapi.json', { timeout: 30_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  });
  afterAll(() => studio.stop());

  it('documents every API route with its schemas, and nothing outside /api', async () => {
    const response = await call(studio.running, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.fromEntries(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).map(
        ([path, operations]) => [path, Object.keys(operations).sort()],
      ),
    );
    expect(paths).toEqual(
      Object.fromEntries(
        Object.entries(EXPECTED).map(([path, methods]) => [path, [...methods].sort()]),
      ),
    );

    const training = document.paths['/api/media/start-training'].post;
    const [withBody] = training.requestBody.content['application/json'].schema.anyOf;
    expect(withBody.properties).toHaveProperty('photoIds');
    expect(training.responses).toHaveProperty('202');
    expect(training.responses).toHaveProperty('401');
    expect(document.components.schemas).toHaveProperty('UserProfile');
    expect(document.components.schemas).toHaveProperty('MediaItem');
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.security).toEqual([{ bearer: [] }]);
  });
});
