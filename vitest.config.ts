import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{shared,api,identity,shell,mfe-*}/{src,test}/**/*.test.{ts,tsx}',
      'api/face-net/test/**/*.test.ts',
    ],
    environment: 'node',
    // The api suites run on SQLite and on PostgreSQL: one server for the whole run.
    globalSetup: ['api/test/support/postgres-global-setup.ts'],
    // Vitest's default leaves one core free: one worker on a 2-core machine. Most suites wait on
    // HTTP, databases and threads rather than compute, so a worker per core finishes sooner.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
