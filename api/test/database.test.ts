import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, removeDir, startApp } from './helpers';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/test-database';

describe.each(DIALECTS)('database on start (%s)', (dialect) => {
  let tempDir: string;
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    tempDir = await makeTempDir();
    // Nested and missing: the first start must create the whole path.
    dataDir = join(tempDir, 'nested', 'data');
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.drop();
    await removeDir(tempDir);
  });

  const start = () => startApp({ DATA_DIR: dataDir, SERVE_WEB: 'false', ...database.env });

  it('creates the data dir and database, migrates, and reports healthy', async () => {
    const { app, url } = await start();
    try {
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(existsSync(dataDir)).toBe(true);
      const tables = await app.db.introspection.getTables();
      const users = tables.find((table) => table.name === 'users');
      expect(users?.columns.map((column) => column.name)).toEqual([
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
        'profile_picture_bytes',
        'training_mail',
        'deletion_requested_at',
        'deletion_receipt_sent',
      ]);
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining([
          'users',
          'models',
          'media',
          'model_photos',
          'jobs',
          'checkout_sessions',
          'replicate_outcomes',
          'provider_calls',
        ]),
      );
    } finally {
      await app.close();
    }
  });

  it.runIf(dialect === 'sqlite')('keeps SQLite in the data dir, in WAL mode', () => {
    const sqlite = new SQLite(join(dataDir, 'studio.sqlite'), { readonly: true });
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
        { name: '0004_postgres_portability' },
        { name: '0005_media_failure_reason' },
        { name: '0006_replicate_engine' },
        { name: '0007_collation_and_lookups' },
        { name: '0008_media_listing_indexes' },
        { name: '0009_photo_checks' },
        { name: '0010_small_thumbnails' },
        { name: '0011_medium_thumbnails' },
        { name: '0012_idempotent_requests' },
        { name: '0013_fair_claims' },
        { name: '0014_storage_usage' },
        { name: '0015_training_mail' },
        { name: '0016_account_deletion' },
        { name: '0017_deleted_identities' },
        { name: '0018_provider_calls' },
        { name: '0019_hd_versions' },
        { name: '0020_previews' },
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
      ).rejects.toThrow(/unique/i);
    } finally {
      await app.close();
    }
  });

  it.runIf(dialect === 'postgres')('gives every text column the "C" collation', async () => {
    const { app } = await start();
    try {
      const { rows } = await sql<{ column: string }>`
        SELECT table_name || '.' || column_name AS column FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'text'
          AND collation_name IS DISTINCT FROM 'C' AND table_name NOT LIKE 'kysely%'`.execute(
        app.db,
      );
      expect(rows).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('sorts and compares text bytewise, keeps doubles whole and counts in numbers', async () => {
    const { app } = await start();
    try {
      const now = new Date().toISOString();
      const userId = crypto.randomUUID();
      await app.db
        .insertInto('users')
        .values({ id: userId, identity_sub: userId, email: '', created_at: now, updated_at: now })
        .execute();
      // A linguistic collation puts 'a' before 'B' and ignores '-' and '_' at first.
      const ids = ['b-1', 'B_2', 'a_3', 'A-4', 'b_0', '_5', 'Z-6'];
      await app.db
        .insertInto('media')
        .values(
          ids.map((id, index) => ({
            id,
            user_id: userId,
            type: 'generated',
            status: 'ready',
            filename: 'x.png',
            content_type: 'image/png',
            created_at: now,
            identity_score: index / 7,
          })),
        )
        .execute();
      const rows = await app.db
        .selectFrom('media')
        .select(['id', 'identity_score'])
        .where('id', '>', 'B')
        .orderBy('id')
        .execute();
      expect(rows.map((row) => row.id)).toEqual(ids.filter((id) => id > 'B').sort());
      expect(rows.map((row) => row.identity_score)).toEqual(
        rows.map((row) => ids.indexOf(row.id) / 7),
      );
      const { count } = await app.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(count).toBe(ids.length);
    } finally {
      await app.close();
    }
  });

  it.runIf(dialect === 'postgres')(
    'carries on when the server ends an idle connection',
    async () => {
      const { app, url } = await start();
      const warned = vi.spyOn(app.log, 'warn');
      const lostWhileIdle = () =>
        warned.mock.calls.filter(([, message]) => String(message).includes('lost while idle'));
      try {
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        // A connection of the pool, idle again once this query ends.
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(app.db);
        const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await admin.end();
        // The pool hears the idle connection end and drops it (the app warns); the next query
        // opens another.
        await expect.poll(() => lostWhileIdle().length).toBe(1);
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
      } finally {
        await app.close();
      }
    },
  );

  it.runIf(dialect === 'postgres')(
    'carries on when the server ends a connection held between two queries',
    async () => {
      // A transaction or a request holds its connection between queries; pg-pool listens for
      // errors only on idle ones, and an 'error' event nobody listens to ends the process.
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', record);
      const { app, url } = await start();
      const emitted = vi.spyOn(pg.Client.prototype, 'emit');
      try {
        await app.db.connection().execute(async (held) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(held);
          const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
          await admin.connect();
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          // The connection's end reaches the held client while no query of its runs.
          await expect
            .poll(() =>
              emitted.mock.calls.some(
                ([event], call) => event === 'end' && emitted.mock.contexts[call] !== admin,
              ),
            )
            .toBe(true);
          await admin.end();
        });
        expect(uncaught).toEqual([]);
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
      } finally {
        emitted.mockRestore();
        process.off('uncaughtException', record);
        await app.close();
      }
    },
  );

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
