import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,api,identity,shell,mfe-*}/{src,test}/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
