/** rspack replaces this at build time from the build mode. */
declare const process: { env: { NODE_ENV: 'development' | 'production' } };
