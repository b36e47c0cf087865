/**
 * A test page for the UI kit, built only by e2e/tests/kit.spec.ts (never part of an app build):
 * each scene uses one piece the way a remote would, so real Chromium can drive it with real
 * pointer, touch and keyboard input. The scene comes from the `scene` query parameter.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, ImageMultipleRegular } from '@fluentui/react-icons';
import { lazy, StrictMode, Suspense, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  CROP,
  FILE_CHECKS,
  FILE_TEXT,
  GALLERY_TEXT,
  MODELS_TEXT,
  PROFILE_TEXT,
  TRAINING_TEXT,
} from '../../src/spec';
import { AppFluentProvider } from '../../src/ui/app-fluent-provider';
import { ConfirmDialog } from '../../src/ui/confirm-dialog';
import { DropZone } from '../../src/ui/drop-zone';
import { EmptyState } from '../../src/ui/empty-state';
import { ErrorAlert } from '../../src/ui/error-alert';
import { DelayedSpinner, SkeletonGrid, SkeletonList } from '../../src/ui/loading';
import { PhotoViewerAction, type ViewerPhoto } from '../../src/ui/photo-viewer';
import { viewerIndexAfterDelete } from '../../src/ui/photo-viewer-logic';
import { RetryingImage } from '../../src/ui/retrying-image';

// As a remote would: the cropper and the viewer load when first opened.
const CropDialog = lazy(() =>
  import('../../src/ui/crop-dialog').then((module) => ({ default: module.CropDialog })),
);
const PhotoViewer = lazy(() =>
  import('../../src/ui/photo-viewer').then((module) => ({ default: module.PhotoViewer })),
);

const PHOTOS = ['01', '02', '03', '04', '05'].map((name): ViewerPhoto => ({
  key: name,
  src: `photos/${name}.jpg`,
  alt: `Portrait ${name}`,
}));

const useStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    maxWidth: '960px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    '@media (min-width: 768px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  tile: { position: 'relative', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  tileImage: { width: '100%' },
  // The tile's click target lies over the image, beside (not around) the image's Retry button.
  tileButton: {
    position: 'absolute',
    inset: 0,
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
  },
});

function ViewerScene() {
  const styles = useStyles();
  const [photos, setPhotos] = useState(PHOTOS);
  const [index, setIndex] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shown = index === null ? undefined : photos[index];
  return (
    <>
      <div className={styles.grid}>
        {photos.map((photo, i) => (
          <div key={photo.key} className={styles.tile}>
            <RetryingImage className={styles.tileImage} src={photo.src} alt="" aspectRatio={1} />
            <button
              className={styles.tileButton}
              aria-label={`Open ${photo.alt}`}
              onClick={() => setIndex(i)}
            />
          </div>
        ))}
      </div>
      <output data-testid="viewer-state">{shown ? shown.key : 'closed'}</output>
      {/* Long enough to scroll, so the viewer's scroll lock has something to stop. */}
      <div style={{ height: '150vh' }} />
      <Suspense fallback={null}>
        <PhotoViewer
          photos={photos}
          index={index}
          onIndexChange={setIndex}
          onClose={() => setIndex(null)}
          caption={shown ? `A portrait for the kit's viewer, photo ${shown.key}` : null}
          actions={
            <>
              <PhotoViewerAction
                icon={<ArrowDownloadRegular />}
                label="Download"
                onClick={() => undefined}
              />
              <PhotoViewerAction
                icon={<DeleteRegular />}
                label="Delete"
                onClick={() => setConfirming(true)}
              />
            </>
          }
        />
      </Suspense>
      <ConfirmDialog
        open={confirming}
        title="Delete Image"
        message={GALLERY_TEXT.deleteConfirm}
        confirmLabel="Delete"
        busyLabel={MODELS_TEXT.deleting}
        destructive
        onDismiss={() => setConfirming(false)}
        onConfirm={() => {
          if (index === null) return;
          const remaining = photos.filter((_, i) => i !== index);
          setPhotos(remaining);
          setIndex(viewerIndexAfterDelete(index, remaining.length));
        }}
      />
    </>
  );
}

/** The confirm scene's delete ends when the test says so (`window.finishDelete()`). */
declare global {
  interface Window {
    finishDelete?: () => void;
  }
}

function ConfirmScene() {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState('none');
  const confirmations = useRef(0);
  return (
    <>
      <Button appearance="primary" onClick={() => setOpen(true)}>
        Delete Model
      </Button>
      <output data-testid="confirm-result">{result}</output>
      <ConfirmDialog
        open={open}
        title={MODELS_TEXT.deleteModel}
        message="Are you sure you want to delete this model? This cannot be undone. You will need to train again with your photos."
        confirmLabel={MODELS_TEXT.deleteModel}
        busyLabel={MODELS_TEXT.deleting}
        destructive
        onDismiss={() => setOpen(false)}
        onConfirm={async () => {
          confirmations.current += 1;
          await new Promise<void>((resolve) => (window.finishDelete = resolve));
          setResult(`deleted ${confirmations.current} time(s)`);
        }}
      />
    </>
  );
}

function DropScene() {
  const [chosen, setChosen] = useState<File[]>([]);
  const [single, setSingle] = useState<File | null>(null);
  return (
    <>
      <DropZone
        check={FILE_CHECKS.trainingPhotos}
        alreadyChosen={chosen.length}
        title={TRAINING_TEXT.choosePhotos}
        hint="JPEG, PNG or WebP, up to 10MB each"
        icon={<ImageMultipleRegular />}
        onFiles={(files) => setChosen((previous) => [...previous, ...files])}
      />
      <output data-testid="training-chosen">{chosen.map((file) => file.name).join(', ')}</output>
      <DropZone
        check={FILE_CHECKS.singleImage}
        title="Drop an image or tap to choose"
        hint={FILE_TEXT.singleImageHint}
        onFiles={([file]) => setSingle(file ?? null)}
      />
      <output data-testid="single-chosen">{single?.name ?? ''}</output>
    </>
  );
}

function CropScene() {
  const [variant, setVariant] = useState<'training' | 'profile' | null>(null);
  const [result, setResult] = useState('');
  return (
    <>
      <Button onClick={() => setVariant('training')}>{TRAINING_TEXT.cropTitle}</Button>
      <Button onClick={() => setVariant('profile')}>{PROFILE_TEXT.cropTitle}</Button>
      <output data-testid="crop-result">{result}</output>
      <Suspense fallback={null}>
        {variant ? (
          <CropDialog
            open
            title={variant === 'training' ? TRAINING_TEXT.cropTitle : PROFILE_TEXT.cropTitle}
            imageSrc="photos/07.jpg"
            shape={variant === 'training' ? 'rect' : 'round'}
            quality={variant === 'training' ? CROP.trainingJpegQuality : CROP.profileJpegQuality}
            tip={variant === 'training' ? TRAINING_TEXT.cropTip : undefined}
            showPresets={variant === 'training'}
            onCancel={() => setVariant(null)}
            onApply={async (jpeg, area) => {
              const bitmap = await createImageBitmap(jpeg);
              const bytes = new Uint8Array(await jpeg.arrayBuffer());
              setResult(
                JSON.stringify({
                  type: jpeg.type,
                  width: bitmap.width,
                  height: bitmap.height,
                  area: { width: Math.round(area.width), height: Math.round(area.height) },
                  jpegMagic: [bytes[0], bytes[1]],
                }),
              );
              setVariant(null);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}

function StatesScene() {
  const [error, setError] = useState(true);
  return (
    <>
      {error ? (
        <ErrorAlert
          message={GALLERY_TEXT.loadImagesFailed}
          onDismiss={() => setError(false)}
          onRetry={() => undefined}
        />
      ) : null}
      <DelayedSpinner label={MODELS_TEXT.loading} />
      <SkeletonGrid count={4} columns="repeat(auto-fill, minmax(140px, 1fr))" />
      <SkeletonList rows={2} />
      <EmptyState
        title={GALLERY_TEXT.emptyTitle}
        text={GALLERY_TEXT.emptyHint}
        icon={<ImageMultipleRegular />}
        action={{ label: 'Generate', onClick: () => undefined }}
      />
    </>
  );
}

function ImageScene() {
  const [invalidations, setInvalidations] = useState(0);
  return (
    <>
      <div style={{ width: 240 }}>
        <RetryingImage
          src="photos/flaky.jpg"
          directSrc="photos/direct.jpg"
          fallbackSrc="photos/fallback.jpg"
          onInvalidate={() => setInvalidations((count) => count + 1)}
          alt="A flaky photo"
          width={240}
          height={320}
        />
      </div>
      <output data-testid="invalidations">{invalidations}</output>
    </>
  );
}

/** Two buttons of each appearance: one is tapped or hovered, its twin shows the resting colour. */
function ButtonsScene() {
  const [taps, setTaps] = useState(0);
  const tap = () => setTaps((count) => count + 1);
  return (
    <>
      {(['primary', 'secondary', 'subtle'] as const).map((appearance) => (
        <div key={appearance} style={{ display: 'flex', gap: 8 }}>
          <Button appearance={appearance} onClick={tap}>
            {`Tap ${appearance}`}
          </Button>
          <Button appearance={appearance}>{`Twin ${appearance}`}</Button>
        </div>
      ))}
      <output data-testid="taps">{taps}</output>
    </>
  );
}

const SCENES = {
  viewer: ViewerScene,
  confirm: ConfirmScene,
  drop: DropScene,
  crop: CropScene,
  states: StatesScene,
  image: ImageScene,
  buttons: ButtonsScene,
} as const;

function Page() {
  const styles = useStyles();
  const name = new URLSearchParams(location.search).get('scene') as keyof typeof SCENES | null;
  const Scene = SCENES[name ?? 'viewer'];
  return (
    <main className={styles.page}>
      <h1 style={{ margin: 0, fontSize: 20 }}>Kit: {name}</h1>
      <Scene />
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppFluentProvider idPrefix="kit">
        <Page />
      </AppFluentProvider>
    </StrictMode>,
  );
}
