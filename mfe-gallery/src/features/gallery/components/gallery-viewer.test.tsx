// @vitest-environment jsdom
import type { GalleryItem } from '@app/shared/data/media';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { disposeTabster, getTabster } from 'tabster';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import GalleryViewer from './gallery-viewer';

afterEach(cleanup);
// The viewer's dialog keeps Fluent's focus manager for the page's life; the test file's page ends
// here, before jsdom takes its globals away under the manager's observers.
afterAll(() => {
  const tabster = getTabster(window);
  if (tabster) disposeTabster(tabster, true);
});

const item = (n: number) =>
  ({
    imageId: `img-${n}`,
    type: 'generated',
    status: 'ready',
    filename: `img-${n}.png`,
    contentType: 'image/png',
    caption: '',
    prompt: 'a portrait',
    aspectRatio: '1:1',
    mode: 'generate',
    seed: 1,
    modelIds: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    thumbnailUrl: `data:image/png;base64,iVBORw0KGgo=#${n}`,
  }) as unknown as GalleryItem;

/** The viewer near the end of the loaded images, with a next page whose read fails. */
function FailingNextPage({ onAsk, onFailed }: { onAsk: () => void; onFailed: () => void }) {
  const [loadingMore, setLoadingMore] = useState(false);
  return (
    <GalleryViewer
      items={[item(1), item(2), item(3)]}
      index={2}
      hasMore
      loadingMore={loadingMore}
      onLoadMore={() => {
        onAsk();
        setLoadingMore(true);
        void Promise.reject(new Error('offline')).catch(() => {
          setLoadingMore(false);
          onFailed();
        });
      }}
      onIndexChange={() => undefined}
      onClose={() => undefined}
    />
  );
}

describe('the gallery viewer', () => {
  it('asks for the next page once near the end, and not again in a loop when the read fails', async () => {
    let asked = 0;
    let failed = 0;
    render(<FailingNextPage onAsk={() => (asked += 1)} onFailed={() => (failed += 1)} />);
    await waitFor(() => expect(failed).toBe(1));
    // The failure's render and effects have run; the viewer is still near the end.
    await act(async () => undefined);
    expect(asked).toBe(1);
  });
});
