/**
 * The service worker's runtime caches. The install step (sw-warm-start.ts) fills them and the
 * routes of the generated worker (rspack.config.ts) read them, so both use these names.
 */
export const SW_CACHES = {
  /** /config.json and the web app manifest. */
  config: 'app-config',
  /** Each remote's mf-manifest.json and remoteEntry.js. */
  remoteEntries: 'remote-entries',
  /** Content-hashed scripts, styles and fonts of the remotes. */
  remoteChunks: 'remote-chunks',
  /** The signed-in user's gallery thumbnails, so the last pages viewed show offline. */
  galleryThumbnails: 'gallery-thumbnails',
} as const;

/** Caches that hold the account's own files: logout deletes them (spec §9). */
export const ACCOUNT_CACHES: readonly string[] = [SW_CACHES.galleryThumbnails];

/** The shell always lives at the site root, and so does its config document. */
export const CONFIG_PATH = '/config.json';
