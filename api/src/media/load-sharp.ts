import type Sharp from 'sharp';

type SharpModule = typeof Sharp;

let loading: Promise<SharpModule> | undefined;

/**
 * sharp, loaded with the first image rather than at start (it brings all of libvips), and set
 * up once for the process (libvips is shared by every thread, the engine's included): no
 * operation cache, which would keep decoded images of finished requests (up to 50 MB by
 * default), and one libvips worker thread per pipeline, since a JPEG decodes on one thread
 * anyway and fewer threads hold fewer buffers and malloc arenas. Throughput comes from running
 * a few photos side by side instead (pipeline.ts).
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
