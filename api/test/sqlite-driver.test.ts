import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from './helpers';

// Guards the install: better-sqlite3's prebuilt binary segfaults on this Node at the first query
// (see ARCHITECTURE.md), which would kill the whole test run rather than fail one test.
describe('better-sqlite3 native binding', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(() => removeDir(dir));

  it('runs a query in memory', () => {
    const db = new SQLite(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
  });

  it('writes and reads a file database in WAL mode', () => {
    const db = new SQLite(join(dir, 'driver.sqlite'));
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.exec('create table t (v text)');
    db.prepare('insert into t (v) values (?)').run('hello');
    expect(db.prepare('select v from t').get()).toEqual({ v: 'hello' });
    db.close();
  });
});
