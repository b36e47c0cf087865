import type { TestProject } from 'vitest/node';
import { findServerBinaries, INSTALL_HINT, PostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server whose role may create databases; tests make their own in it. */
    postgresServerUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when set, else a throwaway cluster
 * from the installed server binaries, stopped and deleted when the run ends.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresServerUrl', given);
    return;
  }
  const binDir = findServerBinaries();
  if (!binDir) throw new Error(INSTALL_HINT);
  const cluster = await PostgresCluster.start(binDir);
  project.provide('postgresServerUrl', cluster.url);
  return () => cluster.stop();
}
