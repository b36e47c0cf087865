import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import { openDatabase, type DatabaseDialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Which database `db` is: the job worker claims differently on each. */
    dbDialect: DatabaseDialect;
  }
}

/** Opens the database and brings its schema up to date before any route can use it. */
export const dbPlugin = fp<{ database: AppConfig['database'] }>(
  async (app, { database }) => {
    const db = openDatabase(database, (error) =>
      app.log.warn({ err: error }, 'database connection lost while idle; the pool replaces it'),
    );
    try {
      await migrateToLatest(db, database.kind);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('dbDialect', database.kind);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'db' },
);
