import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/service';
import { POOL } from './helpers';

describe('signing key', () => {
  it('is one and the same for connections opening a fresh data directory at once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'identity-key-test-'));
    try {
      const services = await Promise.all(
        [1, 2, 3].map(() => openIdentityService({ ...POOL, dataDir })),
      );
      const kids = new Set(services.map((service) => service.signingKey.kid));
      await Promise.all(services.map((service) => service.close()));
      expect(kids.size).toBe(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
