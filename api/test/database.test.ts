import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, startApp } from './helpers';

describe('database on start', () => {
  let tempDir: string;
  let dataDir: string;
  beforeAll(async () => {
    tempDir = await makeTempDir();
    // Nested and missing: the first start must create the whole path.
    dataDir = join(tempDir, 'nested', 'data');
  });
  afterAll(() => removeDir(tempDir));

  const start = () => startApp({ DATA_DIR: dataDir, SERVE_WEB: 'false' });

  it('creates the data dir and database, migrates, and reports healthy', async () => {
    const { app, url } = await start();
    try {
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(existsSync(join(dataDir, 'studio.sqlite'))).toBe(true);
    } finally {
      await app.close();
    }

    const sqlite = new SQLite(join(dataDir, 'studio.sqlite'), { readonly: true });
    const columns = sqlite.prepare("select name from pragma_table_info('users')").pluck().all();
    expect(columns).toEqual([
      'id',
      'identity_sub',
      'email',
      'name',
      'profile_picture_key',
      'subscription_status',
      'subscription_end',
      'is_admin',
      'model_limit',
      'created_at',
      'updated_at',
      'email_verified',
      'default_model_id',
      'stripe_customer_id',
      'stripe_subscription_id',
    ]);
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'kysely%'")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'models',
        'media',
        'model_photos',
        'jobs',
        'checkout_sessions',
        'replicate_outcomes',
      ]),
    );
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    sqlite.close();
  });

  it('starts again on the same data dir without re-running migrations', async () => {
    const { app, url } = await start();
    try {
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(
        app.db,
      );
      expect(applied.rows).toEqual([
        { name: '0001_users' },
        { name: '0002_studio' },
        { name: '0003_job_worker' },
        { name: '0005_media_failure_reason' },
        { name: '0006_replicate_engine' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('gives new users the documented defaults and keeps identity_sub unique', async () => {
    const { app } = await start();
    try {
      const now = new Date().toISOString();
      const user = {
        identity_sub: 'sub-1',
        email: 'a@example.com',
        created_at: now,
        updated_at: now,
      };
      await app.db
        .insertInto('users')
        .values({ id: crypto.randomUUID(), ...user })
        .execute();
      const row = await app.db
        .selectFrom('users')
        .selectAll()
        .where('identity_sub', '=', 'sub-1')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: '',
        profile_picture_key: null,
        subscription_status: 'none',
        subscription_end: null,
        is_admin: 0,
        model_limit: 1,
      });
      await expect(
        app.db
          .insertInto('users')
          .values({ id: crypto.randomUUID(), ...user })
          .execute(),
      ).rejects.toThrow(/UNIQUE/);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database cannot be queried', async () => {
    const { app, url } = await start();
    try {
      await app.db.destroy();
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'error', database: 'unavailable' });
    } finally {
      await app.close();
    }
  });
});
