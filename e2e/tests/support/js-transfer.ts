import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Records the JavaScript a page downloads, measured as gzip bytes (what a compressing server sends). */
export function recordJavaScript(page: Page) {
  const seen = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) || seen.has(url)) return;
    seen.set(url, 0);
    pending.push(
      response.body().then((body) => {
        seen.set(url, gzipSync(body, { level: 6 }).length);
      }),
    );
  });
  return {
    /** Gzip bytes of every script loaded so far, and forgets them for the next measurement. */
    async take(): Promise<{ bytes: number; files: string[] }> {
      await Promise.all(pending.splice(0));
      const files = [...seen.keys()].filter((url) => seen.get(url)! >= 0);
      const bytes = files.reduce((sum, url) => sum + seen.get(url)!, 0);
      for (const url of files) seen.set(url, -1);
      return { bytes, files };
    },
  };
}
