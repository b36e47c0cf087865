import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { MediaService } from '../src/services/media';
import { makeTempDir, removeDir } from './helpers';
import { createPostgresDatabase, DIALECTS } from './support/test-database';

/** Enough rows that PostgreSQL's planner prefers an index to reading the table. */
const IMAGES = 3000;

async function seed(db: Kysely<Database>, userId: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({ id: userId, identity_sub: userId, email: '', created_at: now, updated_at: now })
    .execute();
  for (let first = 0; first < count; first += 500) {
    const rows = Array.from({ length: Math.min(500, count - first) }, (_, offset) => {
      const index = first + offset;
      return {
        id: `${userId}-${String(index).padStart(5, '0')}`,
        user_id: userId,
        type: index % 3 === 0 ? 'training' : 'generated',
        status: index % 10 === 0 ? 'failed' : 'ready',
        filename: 'a.jpg',
        content_type: 'image/jpeg',
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      };
    });
    await db.insertInto('media').values(rows).execute();
  }
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

/**
 * The keyset page of GET /media is one index range on both databases: the plan reads the index
 * from the cursor down (the row-value comparison is part of the index condition), never every
 * newer row, and needs no sort. Plans, not timings: the benchmark (bench/deep-paging.ts) times.
 */
describe.each(DIALECTS)('the media list plan on %s', (dialect) => {
  let db: Kysely<Database>;
  let dir: string;
  let drop = async (): Promise<void> => undefined;
  let media: MediaService;
  const after: [string, string] = [new Date(Date.UTC(2026, 0, 1) + 1500 * 1000).toISOString(), 'x'];

  beforeAll(async () => {
    dir = await makeTempDir();
    let config: DatabaseConfig = { kind: 'sqlite', file: join(dir, 'plan.sqlite') };
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase();
      drop = database.drop;
      config = { kind: 'postgres', url: database.url, poolSize: 2 };
    }
    db = openDatabase(config);
    await migrateToLatest(db, dialect);
    await seed(db, 'someone-else', IMAGES);
    await seed(db, 'user', IMAGES);
    if (dialect === 'postgres') await sql`ANALYZE media`.execute(db);
    // Only the query is planned here: no storage or temp files are touched.
    media = new MediaService(
      db,
      undefined as never,
      undefined as never,
      undefined as never,
      undefined as never,
    );
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    await drop();
    await removeDir(dir);
  });

  async function plan(options: Parameters<MediaService['listQuery']>[1]) {
    const query = media.listQuery('user', options).compile();
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>({
        ...query,
        sql: `EXPLAIN QUERY PLAN ${query.sql}`,
      });
      return rows.map((row) => row.detail);
    }
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
      ...query,
      sql: `EXPLAIN (FORMAT JSON) ${query.sql}`,
    });
    return flatten(rows[0]!['QUERY PLAN'][0].Plan);
  }

  it.each([
    ['every type', 'media_user_status_created', {}],
    ['one type', 'media_user_type_status_created', { type: 'generated' as const }],
  ])('%s: a range of %s from the cursor down', async (_label, index, filter) => {
    const steps = await plan({ ...filter, limit: 10, after });
    if (dialect === 'sqlite') {
      const filters =
        'type' in filter ? 'user_id=? AND type=? AND status=?' : 'user_id=? AND status=?';
      expect(steps).toEqual([
        `SEARCH media USING INDEX ${index} (${filters} AND (created_at,id)<(?,?))`,
      ]);
    } else {
      const nodes = steps as PlanNode[];
      const scan = nodes.find((node) => node['Index Name'] === index);
      expect(scan, JSON.stringify(nodes)).toBeDefined();
      expect(scan!['Node Type']).toBe('Index Scan');
      expect(scan!['Scan Direction']).toBe('Backward');
      expect(scan!['Index Cond']).toMatch(/ROW\(created_at, id\) < ROW\(/);
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    }
  });

  it('pages through every ready image once, newest first', async () => {
    const seen: string[] = [];
    let cursor: [string, string] | undefined;
    for (;;) {
      const page = await media.list('user', { limit: 100, ...(cursor ? { after: cursor } : {}) });
      seen.push(...page.items.map((item) => item.id));
      const last = page.items.at(-1);
      if (!page.hasMore || !last) break;
      cursor = [last.created_at, last.id];
    }
    expect(seen).toHaveLength(IMAGES - IMAGES / 10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort().reverse());
  });
});
