import { bus } from '@app/shared/bus';
import type { GalleryItem } from '@app/shared/data/media';
import {
  GALLERY_TEXT,
  GENERATE_PROMPT_PARAM,
  GENERATE_TEXT,
  KIT_TEXT,
  PREVIEW_TEXT,
  ROUTES,
} from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import {
  CheckmarkRegular,
  CopyRegular,
  DismissRegular,
  SparkleRegular,
} from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { IconButton } from '@app/shared/ui/icon-button';
import { LikenessBadge } from '@app/shared/ui/likeness-badge';
import { describeImage } from './gallery-grid';

/** How long Copy Prompt says the prompt was copied. */
const COPIED_NOTE_MS = 2000;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalS,
    maxWidth: '720px',
    margin: '0 auto',
  },
  prompt: { margin: 0, maxHeight: '4.5em', overflowY: 'auto' },
  marks: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
  // Beside the likeness badge, its size; outlined, as the viewer's buttons are on black.
  previewMark: {
    padding: `1px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    border: '1px solid rgba(255, 255, 255, 0.6)',
    color: '#fff',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
  action: {
    minHeight: '44px',
    color: '#fff',
    backgroundColor: 'rgba(255, 255, 255, 0.12)',
    border: '1px solid rgba(255, 255, 255, 0.4)',
    ':hover': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.22)' },
    ':hover:active': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.3)' },
  },
  error: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalS} 0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#5c1a1a',
    color: '#fff',
  },
  dismiss: { color: '#fff' },
});

/** Under the photo: its whole prompt, whether it is a preview, its likeness (generated images), Copy Prompt, "Use this prompt", and a failed action's message. */
export function ViewerCaption({
  item,
  error,
  onDismissError,
}: {
  item: GalleryItem;
  error: string | null;
  onDismissError: () => void;
}) {
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const prompt = item.prompt ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  };
  const usePrompt = () => {
    const query = new URLSearchParams({ [GENERATE_PROMPT_PARAM]: prompt });
    bus.emit('nav:go', { to: `${ROUTES.generate}?${query}` });
  };
  const message = error ?? (copyFailed ? GALLERY_TEXT.copyFailed : null);

  return (
    <div className={styles.root}>
      <p className={styles.prompt}>{describeImage(item)}</p>
      {item.preview || item.likeness ? (
        <div className={styles.marks}>
          {/* A zero-shot picture from one photo, not the model's work: the tile says so too. */}
          {item.preview ? (
            <span className={styles.previewMark} data-testid="viewer-preview-mark">
              {PREVIEW_TEXT.badge}
            </span>
          ) : null}
          {/* Absent on items cached before the api sent it. */}
          {item.likeness ? <LikenessBadge likeness={item.likeness} /> : null}
        </div>
      ) : null}
      {prompt ? (
        <div className={styles.actions}>
          <Button
            className={styles.action}
            appearance="outline"
            icon={copied ? <CheckmarkRegular /> : <CopyRegular />}
            onClick={() => void copy()}
          >
            <span aria-live="polite">
              {copied ? GALLERY_TEXT.promptCopied : GENERATE_TEXT.copyPrompt}
            </span>
          </Button>
          <Button
            className={styles.action}
            appearance="outline"
            icon={<SparkleRegular />}
            onClick={usePrompt}
          >
            {GALLERY_TEXT.usePrompt}
          </Button>
        </div>
      ) : null}
      {message ? (
        <p role="alert" className={styles.error}>
          <span>{message}</span>
          <IconButton
            appearance="transparent"
            className={styles.dismiss}
            icon={<DismissRegular />}
            label={KIT_TEXT.dismiss}
            onClick={() => {
              setCopyFailed(false);
              onDismissError();
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
