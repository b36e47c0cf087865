import { bus } from '@app/shared/bus';
import type { Enlargement, MediaItem } from '@app/shared/contract/media';
import { useHdDownload } from '@app/shared/data/hd';
import { downloadImage } from '@app/shared/data/save-file';
import { GALLERY_TEXT, GENERATE_TEXT, hdDownloadLabel } from '@app/shared/spec';
import { HdDownloadIcon } from '@app/shared/ui/hd-download-icon';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { GenerationResult } from '../hooks/generation-store';
import { downloadName, GENERATE_PAGE_TEXT, hdName } from '../texts';

const useStyles = makeStyles({
  // Two by two: the downloads on the first row, the prompt's actions on the second.
  actions: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingHorizontalS,
  },
  action: { minHeight: '44px' },
});

/** The 2× download beside Download PNG; a failure is a toast, and the button works again. */
function HdButton({
  imageId,
  quality,
  fileName,
  className,
}: {
  imageId: string;
  quality: Enlargement;
  fileName: string;
  className: string;
}) {
  const hd = useHdDownload((text) => bus.emit('toast:show', { intent: 'error', text }));
  return (
    <Button
      className={className}
      icon={<HdDownloadIcon quality={quality} busy={hd.busy} />}
      disabledFocusable={hd.busy}
      aria-busy={hd.busy}
      data-testid="hd-download"
      onClick={() => void hd.download(imageId, fileName)}
    >
      {hdDownloadLabel(quality, hd.busy)}
    </Button>
  );
}

async function copyPrompt(prompt: string) {
  try {
    await navigator.clipboard.writeText(prompt);
    bus.emit('toast:show', { intent: 'success', text: GENERATE_PAGE_TEXT.promptCopied });
  } catch {
    bus.emit('toast:show', { intent: 'error', text: GENERATE_PAGE_TEXT.copyFailed });
  }
}

/**
 * What a finished generation offers (spec §2): Download PNG, its 2× version when the engine
 * makes one, Copy Prompt, and a new draw of the same request. A failed download is a toast.
 */
export function ResultActions({
  result,
  media,
  onGenerateAgain,
}: {
  result: GenerationResult;
  /** The image's gallery row, once read: its URLs and its HD version. */
  media: MediaItem | undefined;
  onGenerateAgain: () => void;
}) {
  const styles = useStyles();
  const [downloading, setDownloading] = useState(false);
  const fileName = downloadName(result.mode, result.id);

  const download = async () => {
    if (!media?.downloadUrl) return;
    setDownloading(true);
    try {
      await downloadImage(media.downloadUrl, fileName);
    } catch {
      bus.emit('toast:show', { intent: 'error', text: GALLERY_TEXT.downloadFailed });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.actions}>
      <Button
        className={styles.action}
        appearance="primary"
        icon={<ArrowDownloadRegular />}
        disabled={!media?.downloadUrl || downloading}
        onClick={() => void download()}
      >
        {GENERATE_TEXT.downloadPng}
      </Button>
      {media?.hd ? (
        <HdButton
          className={styles.action}
          imageId={result.imageId}
          quality={media.hd.quality}
          fileName={hdName(fileName)}
        />
      ) : null}
      <Button
        className={styles.action}
        icon={<CopyRegular />}
        onClick={() => void copyPrompt(result.prompt)}
      >
        {GENERATE_TEXT.copyPrompt}
      </Button>
      <Button className={styles.action} icon={<ArrowClockwiseRegular />} onClick={onGenerateAgain}>
        {result.mode === 'edit' ? GENERATE_PAGE_TEXT.editAgain : GENERATE_PAGE_TEXT.generateAgain}
      </Button>
    </div>
  );
}
