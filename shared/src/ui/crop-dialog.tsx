import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Slider,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { cropToJpeg } from '../crop/crop-image';
import { CROP, CROP_ZOOM_PRESETS } from '../spec/constants';
import { COMMON_TEXT, KIT_TEXT } from '../spec/messages';
import { IconButton } from './icon-button';
import { PHONE_MEDIA } from './use-media-query';
import { ReturnFocus } from './return-focus';

/** '150%' for a zoom of 1.5. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/** Slider values arrive as floats (1.2000000000000002); the spec's steps are tenths. */
export function clampZoom(zoom: number): number {
  const tenths = Math.round(zoom / CROP.zoomStep) * CROP.zoomStep;
  return Math.min(CROP.zoomMax, Math.max(CROP.zoomMin, Number(tenths.toFixed(1))));
}

const useZoomStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  sliderRow: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalM },
  slider: { flexGrow: 1, minHeight: '44px' },
  // The native range input is what a finger hits: as tall as the row, not the 20 px thumb.
  sliderInput: { height: '44px' },
  // Twenty step marks read as a dashed, disabled-looking line; the chip shows the value.
  rail: { '::before': { backgroundImage: 'none' } },
  chip: { minWidth: '56px', justifyContent: 'center' },
  presets: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  preset: { minHeight: '44px', minWidth: '56px', flexGrow: 1 },
});

export interface ZoomControlsProps {
  zoom: number;
  onZoomChange: (zoom: number) => void;
  /** Fit / 1.5x / 2x / 3x, as the training-photo crop has them. */
  showPresets?: boolean;
  disabled?: boolean;
}

/** The zoom slider (1 to 3 in steps of 0.1), its percentage chip and the preset buttons. */
export function ZoomControls({
  zoom,
  onZoomChange,
  showPresets = true,
  disabled = false,
}: ZoomControlsProps) {
  const styles = useZoomStyles();
  const percent = zoomPercent(zoom);
  return (
    <div className={styles.root}>
      <div className={styles.sliderRow}>
        <Slider
          className={styles.slider}
          rail={{ className: styles.rail }}
          input={{ className: styles.sliderInput }}
          min={CROP.zoomMin}
          max={CROP.zoomMax}
          step={CROP.zoomStep}
          value={zoom}
          disabled={disabled}
          aria-label={KIT_TEXT.zoom}
          aria-valuetext={percent}
          onChange={(_, data) => onZoomChange(clampZoom(data.value))}
        />
        <Badge className={styles.chip} appearance="tint" size="large" aria-hidden>
          {percent}
        </Badge>
      </div>
      {showPresets ? (
        <div className={styles.presets}>
          {CROP_ZOOM_PRESETS.map((preset) => (
            <Button
              key={preset.label}
              className={styles.preset}
              size="small"
              appearance={Math.abs(zoom - preset.zoom) < 0.05 ? 'primary' : 'secondary'}
              aria-pressed={Math.abs(zoom - preset.zoom) < 0.05}
              disabled={disabled}
              onClick={() => onZoomChange(preset.zoom)}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const useStyles = makeStyles({
  surface: {
    width: '560px',
    maxWidth: 'calc(100vw - 32px)',
    [PHONE_MEDIA]: {
      // Full screen on phones: the photo needs all the room there is.
      inset: '0',
      margin: '0',
      width: '100%',
      maxWidth: '100%',
      height: '100%',
      maxHeight: '100%',
      borderRadius: '0',
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} calc(${tokens.spacingVerticalL} + env(safe-area-inset-bottom))`,
    },
  },
  body: { [PHONE_MEDIA]: { height: '100%', maxHeight: '100%', gridTemplateRows: 'auto 1fr auto' } },
  content: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    [PHONE_MEDIA]: { minHeight: 0 },
  },
  cropArea: {
    position: 'relative',
    width: '100%',
    height: '340px',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: '#212121',
    [PHONE_MEDIA]: { height: 'auto', flexGrow: 1, minHeight: '240px' },
  },
  tip: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { [PHONE_MEDIA]: { display: 'flex', flexDirection: 'row', width: '100%' } },
  button: { minHeight: '44px', minWidth: '96px', [PHONE_MEDIA]: { flexGrow: 1, flexBasis: 0 } },
});

export interface CropDialogProps {
  open: boolean;
  /** 'Crop Photo' or 'Crop Profile Picture'. */
  title: string;
  /** The image to crop: an object URL of the chosen file (its owner revokes it) or any URL. */
  imageSrc: string | null;
  /** 'round' shows a circle (the export is still a square JPEG of the circle's box). */
  shape?: 'rect' | 'round';
  /** JPEG quality of the export: 0.95 for training photos, 0.9 for the profile picture. */
  quality: number;
  /** e.g. 'Keep your face as the main focus for best results'. */
  tip?: string;
  showPresets?: boolean;
  /** Shown above the buttons, e.g. 'Failed to process image'. */
  error?: string | null;
  /** The cropped JPEG. The dialog says 'Processing...' until a returned promise settles. */
  onApply: (jpeg: Blob, area: Area) => void | Promise<void>;
  /** Crop or `onApply` failed; the dialog stays open. */
  onError?: (error: unknown) => void;
  onCancel: () => void;
}

/**
 * The crop dialog of the training photos and the profile picture: 1:1 over react-easy-crop, zoom 1
 * to 3 in steps of 0.1 with an optional set of presets, Apply disabled until the cropper has
 * reported an area and 'Processing...' while the JPEG is made. Full screen on phones.
 * This module carries react-easy-crop: load it lazily (see the kit's usage notes).
 */
export function CropDialog({ open, imageSrc, onCancel, ...editor }: CropDialogProps) {
  const styles = useStyles();
  // Busy is shared with the editor so Escape and the backdrop wait for 'Processing...' to end.
  const running = useRef(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open && !running.current) onCancel();
      }}
    >
      <DialogSurface className={styles.surface}>
        <ReturnFocus />
        {/* A new image starts centred, unzoomed and without an area. */}
        <CropEditor
          key={imageSrc ?? ''}
          imageSrc={imageSrc}
          onBusyChange={(busy) => (running.current = busy)}
          onCancel={onCancel}
          {...editor}
        />
      </DialogSurface>
    </Dialog>
  );
}

type CropEditorProps = Omit<CropDialogProps, 'open'> & { onBusyChange: (busy: boolean) => void };

function CropEditor({
  title,
  imageSrc,
  shape = 'rect',
  quality,
  tip,
  showPresets = true,
  error,
  onApply,
  onError,
  onCancel,
  onBusyChange,
}: CropEditorProps) {
  const styles = useStyles();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP.zoomMin);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  // A second tap can arrive before React re-renders the disabled button.
  const running = useRef(false);

  const apply = async () => {
    if (!area || !imageSrc || running.current) return;
    running.current = true;
    onBusyChange(true);
    setBusy(true);
    try {
      const jpeg = await cropToJpeg(imageSrc, area, quality);
      await onApply(jpeg, area);
    } catch (failure) {
      console.error('Cropping the photo failed:', failure);
      onError?.(failure);
    } finally {
      running.current = false;
      onBusyChange(false);
      setBusy(false);
    }
  };

  return (
    <DialogBody className={styles.body}>
      <DialogTitle
        action={
          <IconButton
            appearance="subtle"
            icon={<DismissRegular />}
            label={COMMON_TEXT.close}
            disabled={busy}
            onClick={onCancel}
          />
        }
      >
        {title}
      </DialogTitle>
      <DialogContent className={styles.content}>
        <div className={styles.cropArea} data-testid="crop-area">
          {imageSrc ? (
            <Cropper
              image={imageSrc}
              crop={crop}
              zoom={zoom}
              minZoom={CROP.zoomMin}
              maxZoom={CROP.zoomMax}
              aspect={CROP.aspect}
              cropShape={shape}
              showGrid={shape === 'rect'}
              onCropChange={setCrop}
              onZoomChange={(next) => setZoom(clampZoom(next))}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          ) : null}
        </div>
        <ZoomControls
          zoom={zoom}
          onZoomChange={setZoom}
          showPresets={showPresets}
          disabled={busy}
        />
        {tip ? <div className={styles.tip}>{tip}</div> : null}
        {error ? (
          <div role="alert" className={styles.error}>
            {error}
          </div>
        ) : null}
      </DialogContent>
      <DialogActions className={styles.actions}>
        <Button className={styles.button} disabled={busy} onClick={onCancel}>
          {COMMON_TEXT.cancel}
        </Button>
        <Button
          appearance="primary"
          className={styles.button}
          disabled={!area || !imageSrc}
          disabledFocusable={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          onClick={() => void apply()}
        >
          {busy ? COMMON_TEXT.processing : COMMON_TEXT.apply}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}
