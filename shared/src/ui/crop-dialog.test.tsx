// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { clampZoom, CropDialog, ZoomControls, zoomPercent } from './crop-dialog';

describe('zoom of the crop dialogs', () => {
  it('stays within 1 to 3 in tenths and reads as a percentage', () => {
    expect(clampZoom(1.2000000000000002)).toBe(1.2);
    expect(clampZoom(0.4)).toBe(1);
    expect(clampZoom(3.7)).toBe(3);
    expect(clampZoom(1.96)).toBe(2);
    expect(zoomPercent(1.5)).toBe('150%');
    expect(zoomPercent(1)).toBe('100%');
  });

  it(
    'presets set the zoom, the pressed one is marked, the chip follows',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      function Harness() {
        const [zoom, setZoom] = useState(1);
        return <ZoomControls zoom={zoom} onZoomChange={setZoom} />;
      }
      renderInApp(<Harness />);
      expect(screen.getByText('100%')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Fit' }).getAttribute('aria-pressed')).toBe('true');
      await user.click(screen.getByRole('button', { name: '2x' }));
      expect(screen.getByText('200%')).toBeTruthy();
      expect(screen.getByRole('button', { name: '2x' }).getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('button', { name: 'Fit' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      const slider = screen.getByRole('slider', { name: 'Zoom' });
      expect([
        slider.getAttribute('min'),
        slider.getAttribute('max'),
        slider.getAttribute('step'),
      ]).toEqual(['1', '3', '0.1']);
    },
  );

  it(
    'keeps Apply disabled until the cropper has reported an area',
    { timeout: 20_000 },
    async () => {
      // jsdom loads no image, so react-easy-crop never reports one: the state before it does.
      renderInApp(
        <CropDialog
          open
          title="Crop Photo"
          imageSrc="/photo.jpg"
          quality={0.95}
          onApply={() => undefined}
          onCancel={() => undefined}
        />,
      );
      const apply = await screen.findByRole('button', { name: 'Apply', hidden: true });
      expect(apply.hasAttribute('disabled')).toBe(true);
      expect(
        screen.getByRole('button', { name: 'Cancel', hidden: true }).hasAttribute('disabled'),
      ).toBe(false);
    },
  );
});
