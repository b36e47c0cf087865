import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { LruMap } from '../lru-map';

/** Prepared statements one connection keeps at most; later shapes run unnamed. */
const MAX_NAMED_PER_CONNECTION = 300;
/** PostgreSQL's answer when a table changed under a prepared `select *` (another process migrated). */
const CACHED_PLAN_CHANGED = '0A000';
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

interface ConnectionState {
  prepared: Set<string>;
  /** Statements whose prepared plan broke on this connection: they run unnamed from then on. */
  unnamed: Set<string>;
}

const names = new LruMap<string, string>(2000);

function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `k${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * Kysely's pool with each data statement prepared once per connection (a named statement in
 * pg): PostgreSQL then skips parsing, and after a few runs planning, of the queries every
 * request makes. DDL, transaction control and cursors pass through unnamed.
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const states = new WeakMap<pg.PoolClient, ConnectionState>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let state = states.get(client);
    if (!state) {
      state = { prepared: new Set(), unnamed: new Set() };
      states.set(client, state);
    }
    const connection = state;
    return {
      query: ((sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable);
        const text = sqlOrCursor;
        const values = parameters ? [...parameters] : [];
        if (
          !DATA_STATEMENT.test(text) ||
          connection.unnamed.has(text) ||
          (!connection.prepared.has(text) && connection.prepared.size >= MAX_NAMED_PER_CONNECTION)
        ) {
          return client.query(text, values);
        }
        const name = statementName(text);
        return client.query({ name, text, values }).then(
          (result) => {
            connection.prepared.add(text);
            return result;
          },
          (error: { code?: string }) => {
            if (error.code !== CACHED_PLAN_CHANGED) throw error;
            connection.unnamed.add(text);
            return client.query(text, values);
          },
        );
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
