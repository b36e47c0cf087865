// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PutFileOptions } from './put-file';
import { UploadHttpError } from './put-file';
import { useUploader } from './use-uploader';

afterEach(cleanup);

/** Targets and PUTs are scripted here; upload-queue.test.ts runs them over real HTTP. */
function scripted() {
  const puts: Array<{ url: string; finish: (status?: number) => void; options: PutFileOptions }> =
    [];
  let next = 1;
  return {
    puts,
    options: {
      requestTargets: async (files: readonly { filename: string }[]) =>
        files.map(() => ({ presignedUrl: `https://bucket/u${next}`, imageId: `img-${next++}` })),
      put: (url: string, _body: Blob, _type: string, options: PutFileOptions = {}) =>
        new Promise<void>((resolve, reject) => {
          puts.push({
            url,
            options,
            finish: (status = 200) =>
              status === 200 ? resolve() : reject(new UploadHttpError(status, 'Forbidden')),
          });
        }),
    },
  };
}

describe('useUploader', () => {
  it('gives each file its own state, and keeps the uploaded ones when one fails', async () => {
    const script = scripted();
    const { result } = renderHook(() => useUploader(script.options));
    act(() => {
      result.current.add([
        new File(['1'], 'one.jpg', { type: 'image/jpeg' }),
        new File(['22'], 'two.jpg', { type: 'image/jpeg' }),
      ]);
    });
    expect(result.current.items.map((item) => item.status)).toEqual(['queued', 'queued']);
    await waitFor(() => expect(script.puts).toHaveLength(2));
    expect(result.current.items.map((item) => item.status)).toEqual(['uploading', 'uploading']);

    act(() => script.puts[0]?.options.onProgress?.({ loaded: 1, total: 2 }));
    expect(result.current.items[0]?.progress).toBe(0.5);

    await act(async () => {
      script.puts[0]?.finish();
      script.puts[1]?.finish(403);
    });
    expect(result.current.items.map((item) => [item.status, item.imageId, item.error])).toEqual([
      ['done', 'img-1', undefined],
      ['failed', undefined, 'Failed to upload two.jpg: Forbidden'],
    ]);
    expect(result.current.imageIds).toEqual(['img-1']);
    expect(result.current.summary).toMatchObject({ done: 1, failed: 1, pending: 0 });

    act(() => result.current.retry(result.current.items[1]?.id ?? ''));
    await waitFor(() => expect(script.puts).toHaveLength(3));
    // Again at its own URL: had the first PUT arrived after all, nothing would be stored twice.
    expect(script.puts[2]?.url).toBe('https://bucket/u2');
    await act(async () => script.puts[2]?.finish());
    expect(result.current.imageIds).toEqual(['img-1', 'img-2']);
  });

  it('cancels what runs when the component goes away', async () => {
    const script = scripted();
    const { result, unmount } = renderHook(() => useUploader(script.options));
    act(() => {
      result.current.add([new File(['1'], 'one.jpg', { type: 'image/jpeg' })]);
    });
    await waitFor(() => expect(script.puts).toHaveLength(1));
    const signal = script.puts[0]?.options.signal;
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
