import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type Dialect = 'sqlite' | 'postgres';

/** The integration suites that must behave alike run once per dialect. */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  /** What to add to the app's environment: nothing for SQLite (its file is in DATA_DIR). */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresServerUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the run's server; `drop` also ends its connections. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `studio_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(inject('postgresServerUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A fresh database of the dialect for one app (or one store) under test. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') return { env: {}, drop: async () => undefined };
  const { url, drop } = await createPostgresDatabase();
  return { env: { DATABASE_URL: url }, drop };
}
