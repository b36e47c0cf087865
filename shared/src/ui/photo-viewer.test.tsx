// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer';

const PHOTOS: ViewerPhoto[] = ['a', 'b', 'c'].map((key) => ({
  key,
  src: `/photos/${key}.jpg`,
  alt: `Photo ${key}`,
}));

function Gallery({ wrap }: { wrap?: boolean }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button onClick={() => setIndex(2)}>Open c</button>
      <output data-testid="index">{index === null ? 'closed' : PHOTOS[index]?.key}</output>
      <PhotoViewer
        photos={PHOTOS}
        index={index}
        wrap={wrap}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
      />
    </>
  );
}

const shown = () => screen.getByTestId('index').textContent;

// jsdom has no layout: a swipe is the pointer events a finger or mouse would send.
function swipe(stage: HTMLElement, dx: number, dy = 0) {
  fireEvent.pointerDown(stage, { pointerId: 1, isPrimary: true, clientX: 200, clientY: 300 });
  fireEvent.pointerUp(stage, {
    pointerId: 1,
    isPrimary: true,
    clientX: 200 + dx,
    clientY: 300 + dy,
  });
}

describe('PhotoViewer', { timeout: 20_000 }, () => {
  it('steps with the arrow keys, wrapping around, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderInApp(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Open c' }));
    await screen.findByRole('dialog', { hidden: true });
    expect(screen.getByText('3 / 3')).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('a');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('c');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('b');
    await user.keyboard('{Escape}');
    expect(shown()).toBe('closed');
  });

  it('swipes beyond 50 px sideways, and does not wrap when told not to', async () => {
    const user = userEvent.setup();
    renderInApp(<Gallery wrap={false} />);
    await user.click(screen.getByRole('button', { name: 'Open c' }));
    const stage = await screen.findByTestId('photo-viewer-stage');

    swipe(stage, -120); // towards the next: c is the last, and there is no wrapping
    expect(shown()).toBe('c');
    swipe(stage, 120);
    expect(shown()).toBe('b');
    swipe(stage, 50);
    expect(shown()).toBe('b');
    swipe(stage, 70, 90); // more vertical than sideways
    expect(shown()).toBe('b');
    swipe(stage, -51);
    expect(shown()).toBe('c');
    expect(
      screen.getByRole('button', { name: 'Next photo', hidden: true }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('locks the page scroll while open and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    renderInApp(<Gallery />);
    const opener = screen.getByRole('button', { name: 'Open c' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(document.body.style.overflow).toBe('hidden');
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(shown()).toBe('closed');
    expect(document.body.style.overflow).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
