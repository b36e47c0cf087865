// @vitest-environment jsdom
import { GENERATE_TEXT } from '@app/shared/spec';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EditInputsHandle } from '../../mask-editor/components/edit-inputs';
import type { ExportedMask } from '../../mask-editor/utils/export-mask';
import { GENERATE_PAGE_TEXT } from '../texts';
import { useEditRequest } from './use-edit-request';

afterEach(cleanup);

const photo = new File(['photo'], 'me.jpg', { type: 'image/jpeg' });
const painted: ExportedMask = { blob: new Blob(['mask']), paintedPixels: 100, share: 0.1 };

/** The hook with a photo reported by the edit panel and `exportMask` as the panel's. */
function editWith(exportMask: EditInputsHandle['exportMask']) {
  const hook = renderHook(() => useEditRequest('edit', () => undefined));
  hook.result.current.editInputs.current = { exportMask };
  act(() =>
    hook.result.current.onEditChange({
      image: photo,
      aspect: 1,
      hasPaint: true,
      maskRefused: false,
    }),
  );
  return hook;
}

describe('useEditRequest', () => {
  it('gives the photo and its mask, busy while the mask is drawn', async () => {
    let finish: (mask: ExportedMask) => void = () => undefined;
    const { result } = editWith(() => new Promise((resolve) => (finish = resolve)));
    let parts: Promise<unknown> = Promise.resolve();
    act(() => {
      parts = result.current.prepare(null);
    });
    expect(result.current.preparing).toBe(true);
    // A second tap meanwhile sends nothing.
    await act(async () => expect(await result.current.prepare(null)).toBeNull());
    await act(async () => finish(painted));
    expect(await parts).toEqual({ image: photo, mask: painted.blob });
    expect(result.current.preparing).toBe(false);
  });

  it('says what to do when the device cannot draw the mask, and is no longer busy', async () => {
    const { result } = editWith(() => Promise.reject(new Error('canvas too large')));
    let parts: unknown;
    await act(async () => {
      parts = await result.current.prepare(null);
    });
    expect(parts).toEqual({ problem: GENERATE_PAGE_TEXT.maskNotPrepared });
    expect(result.current.preparing).toBe(false);
  });

  it('refuses a mask erased back to nothing', async () => {
    const { result } = editWith(() => Promise.resolve({ ...painted, paintedPixels: 0, share: 0 }));
    let parts: unknown;
    await act(async () => {
      parts = await result.current.prepare(null);
    });
    expect(parts).toEqual({ problem: GENERATE_TEXT.paintMask });
  });
});
