import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { API_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, trainReadyModel } from './support/fixtures';
import { solidPng } from './support/images';
import { rawRequest } from './support/raw-request';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';
import type { TestUser } from './support/tokens';

const BOUNDARY = 'cut-off-form';

function textPart(name: string, value: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
}

function fileHead(name: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
}

const openFileHandles = () => readdir('/proc/self/fd').then((entries) => entries.length);

describe.each(DIALECTS)(
  'a multipart edit cut off inside a file on %s',
  { timeout: 30_000 },
  (dialect) => {
    let studio: Studio;
    let user: TestUser;
    let token: string;
    let modelId: string;
    let tempDir: string;
    beforeAll(async () => {
      studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
      user = newUser();
      await makeAdmin(studio, user);
      modelId = await trainReadyModel(studio, user);
      token = await studio.issuer.idToken(user);
      tempDir = join(studio.running.config.dataDir, 'tmp');
    }, 30_000);
    afterAll(() => studio.stop());

    /** The form the client sends, ended (by the client) `cut` bytes before its closing boundary. */
    async function cutOffEdit(where: 'image' | 'mask' | 'closing boundary') {
      const png = await solidPng(64, 64);
      const head = Buffer.concat([
        textPart('prompt', 'a hat'),
        textPart('model_ids', `["${modelId}"]`),
      ]);
      const image = Buffer.concat([fileHead('image'), png, Buffer.from('\r\n')]);
      const body =
        where === 'image'
          ? Buffer.concat([head, fileHead('image'), png.subarray(0, png.length / 2)])
          : where === 'mask'
            ? Buffer.concat([head, image, fileHead('mask'), png.subarray(0, png.length / 2)])
            : Buffer.concat([head, image, fileHead('mask'), png]);
      return rawRequest(`${studio.running.url}/api/generate/edit-image`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
        body,
      });
    }

    it('answers 400 at once and keeps no file handle or temp folder', async () => {
      // Warm up: the first request opens what the process keeps open (database, storage).
      await cutOffEdit('image');
      const handlesBefore = await openFileHandles();
      for (const where of ['image', 'mask', 'closing boundary'] as const) {
        for (let round = 0; round < 4; round += 1) {
          const answer = await cutOffEdit(where);
          expect({ where, status: answer.status, message: answer.body?.message }).toEqual({
            where,
            status: 400,
            message: API_TEXT.uploadIncomplete,
          });
        }
      }
      expect(await readdir(tempDir).catch(() => [])).toEqual([]);
      // Sockets of the finished requests close a moment after their answers.
      await expect.poll(openFileHandles, { timeout: 5_000 }).toBeLessThanOrEqual(handlesBefore);
    });
  },
);
