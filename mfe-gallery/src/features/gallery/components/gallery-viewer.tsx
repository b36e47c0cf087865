import { isOnline } from '@app/shared/api-client';
import { refreshMediaItemUrls, type GalleryItem } from '@app/shared/data/media';
import { COMMON_TEXT, GALLERY_TEXT } from '@app/shared/spec';
import { PhotoViewer, PhotoViewerAction } from '@app/shared/ui/photo-viewer';
import { Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, ShareRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { actionFailedMessage } from '../api/gallery-messages';
import { pngFileOf, saveFile } from '../api/png-file';
import { canShare, shareImage } from '../api/share-image';
import { describeImage } from './gallery-grid';
import { ViewerCaption } from './viewer-caption';
import { ViewerDeleteDialog } from './viewer-delete-dialog';
import { ViewerHdAction } from './viewer-hd-action';

/** How close to the end of the loaded images the viewer asks for the next page. */
const PREFETCH_DISTANCE = 3;

export interface GalleryViewerProps {
  items: readonly GalleryItem[];
  index: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-size viewer of spec §2: previous/next (wrapping around; before every image is loaded,
 * previous from the first goes to the last one loaded, and the next page loads on the way), keys,
 * swipe, delete with the spec's confirmation, download as `{imageId}.png`, share, and the prompt's
 * own actions.
 */
export default function GalleryViewer({
  items,
  index,
  hasMore,
  loadingMore,
  onLoadMore,
  onIndexChange,
  onClose,
}: GalleryViewerProps) {
  const item = index === null ? undefined : items[Math.min(index, items.length - 1)];
  const [pending, setPending] = useState<'download' | 'share' | null>(null);
  // Kept with the image it is about: it goes when the viewer moves on.
  const [actionError, setActionError] = useState<{ imageId: string; message: string } | null>(null);
  const [toDelete, setToDelete] = useState<GalleryItem | null>(null);

  const nearEnd = index !== null && index >= items.length - PREFETCH_DISTANCE;
  // Asked once per length of the list: a failed read is not asked again in a loop (the gallery
  // shows its error with a Retry), and a page that arrived moves the end on.
  const askedAtLength = useRef<number | null>(null);
  useEffect(() => {
    if (!nearEnd || !hasMore || loadingMore || askedAtLength.current === items.length) return;
    askedAtLength.current = items.length;
    onLoadMore();
  }, [nearEnd, hasMore, loadingMore, items.length, onLoadMore]);

  const shownId = item?.imageId;

  const photos = useMemo(
    () =>
      items.map((listed) => ({
        key: listed.imageId,
        src: listed.displayUrl ?? listed.thumbnailUrl ?? '',
        directSrc: listed.downloadUrl,
        // Kept by the offline cache: what the viewer shows when the full size cannot load.
        fallbackSrc: listed.thumbnailUrl,
        alt: describeImage(listed),
      })),
    [items],
  );

  const withFile = async (
    kind: 'download' | 'share',
    act: (file: File) => Promise<void> | void,
    failure: string,
  ) => {
    if (!item || pending) return;
    setPending(kind);
    setActionError(null);
    try {
      await act(await pngFileOf(item));
    } catch {
      setActionError({
        imageId: item.imageId,
        message: actionFailedMessage(failure, isOnline()),
      });
    } finally {
      setPending(null);
    }
  };

  const busyIcon = <Spinner size="tiny" />;
  return (
    <>
      <PhotoViewer
        photos={photos}
        index={index}
        onIndexChange={onIndexChange}
        onClose={onClose}
        morePhotos={hasMore}
        label={GALLERY_TEXT.imageViewer}
        onInvalidate={() =>
          shownId ? refreshMediaItemUrls(shownId).catch(() => undefined) : undefined
        }
        actions={
          <>
            {canShare() ? (
              <PhotoViewerAction
                icon={pending === 'share' ? busyIcon : <ShareRegular />}
                label={GALLERY_TEXT.share}
                disabledFocusable={pending !== null}
                onClick={() =>
                  void withFile(
                    'share',
                    (file) => shareImage(file, item?.prompt ?? ''),
                    GALLERY_TEXT.shareFailed,
                  )
                }
              />
            ) : null}
            <PhotoViewerAction
              icon={pending === 'download' ? busyIcon : <ArrowDownloadRegular />}
              label={GALLERY_TEXT.download}
              disabledFocusable={pending !== null}
              onClick={() => void withFile('download', saveFile, GALLERY_TEXT.downloadFailed)}
            />
            {item?.hd ? (
              <ViewerHdAction
                key={item.imageId}
                imageId={item.imageId}
                quality={item.hd.quality}
                onStart={() => setActionError(null)}
                onError={(message) => setActionError({ imageId: item.imageId, message })}
              />
            ) : null}
            <PhotoViewerAction
              icon={<DeleteRegular />}
              label={COMMON_TEXT.delete}
              onClick={() => item && setToDelete(item)}
            />
          </>
        }
        caption={
          item ? (
            <ViewerCaption
              // A new image starts with a new caption (its copy note, its error).
              key={item.imageId}
              item={item}
              error={actionError?.imageId === item.imageId ? actionError.message : null}
              onDismissError={() => setActionError(null)}
            />
          ) : null
        }
      />
      <ViewerDeleteDialog
        image={toDelete}
        items={items}
        onDeleted={(next) => (next === null ? onClose() : onIndexChange(next))}
        onDismiss={() => setToDelete(null)}
      />
    </>
  );
}
