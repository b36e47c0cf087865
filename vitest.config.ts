import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,api,identity,shell,mfe-*}/{src,test}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The api suites run on SQLite and on PostgreSQL: one server for the whole run.
    globalSetup: ['api/test/support/postgres-global-setup.ts'],
  },
});
