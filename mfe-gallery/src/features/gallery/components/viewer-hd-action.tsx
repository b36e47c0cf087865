import type { Enlargement } from '@app/shared/contract/media';
import { useHdDownload } from '@app/shared/data/hd';
import { hdDownloadLabel } from '@app/shared/spec';
import { HdDownloadIcon } from '@app/shared/ui/hd-download-icon';
import { PhotoViewerAction } from '@app/shared/ui/photo-viewer';

/**
 * The viewer's 2× download, named `{imageId}-hd.png` like the spec's `{imageId}.png`: busy while
 * it is made; a failure shows in the caption like the other actions', and it can be pressed again.
 */
export function ViewerHdAction({
  imageId,
  quality,
  onStart,
  onError,
}: {
  imageId: string;
  quality: Enlargement;
  onStart: () => void;
  onError: (message: string) => void;
}) {
  const hd = useHdDownload(onError);
  return (
    <PhotoViewerAction
      icon={<HdDownloadIcon quality={quality} busy={hd.busy} />}
      label={hdDownloadLabel(quality, hd.busy)}
      disabledFocusable={hd.busy}
      onClick={() => {
        onStart();
        void hd.download(imageId, `${imageId}-hd.png`);
      }}
    />
  );
}
