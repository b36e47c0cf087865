/**
 * A second worker process for the concurrent-claims test: once it reads "go" on stdin, two
 * claimers on its own pool take jobs until none is queued, then it prints what it claimed.
 */
import { once } from 'node:events';
import { openDatabase } from '../../src/db/database';
import { leaseStoreFor } from '../../src/jobs/start-worker';
import { claimUntilEmpty } from '../support/claim-loop';
import { databaseOf } from '../support/job-db';

const [url, name] = process.argv.slice(2);
if (!url || !name) throw new Error('usage: claim-child <DATABASE_URL> <name>');
const database = databaseOf(url);
const db = openDatabase(database);
const store = leaseStoreFor(db, database.kind);

process.stdout.write('ready\n');
await once(process.stdin, 'data');
const claimed = await Promise.all(
  ['a', 'b'].map((loop) => claimUntilEmpty(db, store, `${name}-${loop}`)),
);
process.stdout.write(`${JSON.stringify(claimed.flat())}\n`);
await db.destroy();
process.exit(0);
