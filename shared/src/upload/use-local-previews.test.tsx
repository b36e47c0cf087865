// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previewsInTurn } from './photo-preview';
import { useLocalPreviews } from './use-local-previews';

afterEach(cleanup);

// jsdom has no object URLs: these record which ones the hook makes and gives back.
let made: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  made = [];
  revoked = [];
  let next = 1;
  URL.createObjectURL = () => {
    const url = `blob:preview-${next++}`;
    made.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});

/** Previews the test finishes one by one, through the real one-at-a-time queue. */
function scripted() {
  const pending: Array<(blob: Blob | undefined) => void> = [];
  const inTurn = previewsInTurn(
    () => new Promise<Blob | undefined>((resolve) => pending.push(resolve)),
  );
  /** The next preview made, or (`decoded: false`) found undecodable. */
  const finishNext = async ({ decoded = true } = {}) => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await act(async () => pending.shift()!(decoded ? new Blob(['small']) : undefined));
  };
  return { inTurn, finishNext };
}

const photo = new Blob(['photo'], { type: 'image/jpeg' });

/** The hook with `keys` requested, in order, through `inTurn`. */
function withRequested(inTurn: ReturnType<typeof previewsInTurn>, keys: readonly string[]) {
  const rendered = renderHook(() => useLocalPreviews(inTurn));
  act(() => {
    for (const key of keys) rendered.result.current.request(key, photo);
  });
  return rendered;
}

describe('useLocalPreviews', () => {
  it('gives each photo its preview URL as it is made, and none for one it cannot decode', async () => {
    const script = scripted();
    const { result } = withRequested(script.inTurn, ['a', 'b', 'c']);
    expect(result.current.urls.size).toBe(0);
    await script.finishNext();
    expect([...result.current.urls]).toEqual([['a', 'blob:preview-1']]);
    await script.finishNext({ decoded: false });
    await script.finishNext();
    expect([...result.current.urls]).toEqual([
      ['a', 'blob:preview-1'],
      ['c', 'blob:preview-2'],
    ]);
  });

  it('revokes a dropped photo’s preview, and never shows one that finishes after its drop', async () => {
    const script = scripted();
    const { result } = withRequested(script.inTurn, ['a', 'b']);
    await script.finishNext();
    act(() => result.current.drop('a'));
    expect(revoked).toEqual(['blob:preview-1']);
    expect(result.current.urls.has('a')).toBe(false);

    // 'b' is being made when it is dropped: its preview is thrown away, never turned into a URL.
    await waitFor(() => expect(made).toHaveLength(1));
    act(() => result.current.drop('b'));
    await script.finishNext();
    expect(made).toHaveLength(1);
    expect(result.current.urls.size).toBe(0);
  });

  it('revokes every preview when the component goes', async () => {
    const script = scripted();
    const { unmount } = withRequested(script.inTurn, ['a', 'b']);
    await script.finishNext();
    await script.finishNext();
    unmount();
    expect(revoked.sort()).toEqual(['blob:preview-1', 'blob:preview-2']);
  });
});
