// @vitest-environment jsdom
import { createEvent, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { FILE_CHECKS } from '../spec/file-checks';
import { DropZone } from './drop-zone';

const photo = (name: string, type = 'image/jpeg', size = 100) =>
  new File([new Uint8Array(size)], name, { type });

/** jsdom has no DataTransfer; a drag event carries what the browser's would. */
function drag(
  target: Element,
  type: 'dragEnter' | 'dragOver' | 'dragLeave' | 'drop',
  files: File[],
) {
  const event = createEvent[type](target);
  Object.defineProperty(event, 'dataTransfer', {
    value: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type })),
      dropEffect: 'none',
    },
  });
  fireEvent(target, event);
}

describe('DropZone', { timeout: 20_000 }, () => {
  it('shows accept and reject while dragging, and passes on only checked files', () => {
    const onFiles = vi.fn();
    renderInApp(
      <DropZone check={FILE_CHECKS.trainingPhotos} title="Choose Photos" onFiles={onFiles} />,
    );
    const zone = screen.getByRole('button', { name: 'Choose Photos' });

    drag(zone, 'dragEnter', [photo('a.gif', 'image/gif')]);
    expect(zone.dataset.drag).toBe('reject');
    expect(zone.textContent).toContain('Only JPEG, PNG, and WebP are supported.');
    drag(zone, 'drop', [photo('a.gif', 'image/gif')]);
    expect(zone.dataset.drag).toBeUndefined();
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid file types: a.gif. Only JPEG, PNG, and WebP are supported.',
    );

    drag(zone, 'dragEnter', [photo('a.jpg'), photo('b.png', 'image/png')]);
    expect(zone.dataset.drag).toBe('accept');
    expect(zone.textContent).toContain('Drop to add');
    drag(zone, 'dragLeave', []);
    expect(zone.dataset.drag).toBeUndefined();
    drag(zone, 'drop', [photo('a.jpg'), photo('b.png', 'image/png')]);
    expect(onFiles).toHaveBeenCalledWith([photo('a.jpg'), photo('b.png', 'image/png')]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the picker on a tap or Enter, with the check’s accept list, and checks the choice', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    renderInApp(
      <DropZone
        check={FILE_CHECKS.singleImage}
        title="Upload an image"
        hint="Supports PNG, JPG, JPEG, WEBP • Max 10MB"
        onFiles={onFiles}
      />,
    );
    const zone = screen.getByRole('button', { name: /^Upload an image/ });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe(FILE_CHECKS.singleImage.accept);
    expect(input.multiple).toBe(false);
    expect(input.hasAttribute('capture')).toBe(false); // phones offer the camera and the gallery
    const clicks = vi.fn();
    input.addEventListener('click', clicks);
    await user.click(zone);
    zone.focus();
    await user.keyboard('{Enter}');
    expect(clicks).toHaveBeenCalledTimes(2);

    await user.upload(input, photo('big.png', 'image/png', 10_485_761));
    expect(screen.getByRole('alert').textContent).toBe('File size must be less than 10MB');
    await user.upload(input, photo('ok.webp', 'image/webp'));
    expect(onFiles).toHaveBeenCalledWith([photo('ok.webp', 'image/webp')]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts the photos already chosen toward the maximum of 20', () => {
    renderInApp(
      <DropZone
        check={FILE_CHECKS.trainingPhotos}
        alreadyChosen={18}
        title="Choose Photos"
        onFiles={vi.fn()}
      />,
    );
    const zone = screen.getByRole('button', { name: 'Choose Photos' });
    drag(zone, 'drop', [photo('1.jpg'), photo('2.jpg'), photo('3.jpg')]);
    expect(screen.getByRole('alert').textContent).toBe(
      "Too many photos. Maximum 20 photos allowed. You're trying to add 21 photos.",
    );
  });
});
