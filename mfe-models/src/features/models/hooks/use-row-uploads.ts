import { FILE_CHECKS } from '@app/shared/spec';
import { useDropZone } from '@app/shared/ui/drop-zone';
import { useCallback, useRef, useState } from 'react';
import type { RowUploadsState } from '../components/row-uploads';

const NO_UPLOADS: RowUploadsState = { incoming: [], retry: () => undefined };

/**
 * Add Photos of one model row: the files picked or dropped on it (in batches, handed to the
 * lazily loaded RowUploads) and what those report back (the photos on their way up).
 */
export function useRowUploads({
  photoTotal,
  locked,
  onError,
}: {
  photoTotal: number;
  locked: boolean;
  onError: (message: string) => void;
}) {
  const [batches, setBatches] = useState<{ id: number; files: readonly File[] }[]>([]);
  const nextBatch = useRef(0);
  const [adding, setAdding] = useState(NO_UPLOADS);
  const [wanted, setWanted] = useState(false);
  const onTaken = useCallback(
    (id: number) => setBatches((queued) => queued.filter((batch) => batch.id !== id)),
    [],
  );
  const pendingCount = adding.incoming.filter((photo) => photo.item.status !== 'done').length;
  const picker = useDropZone({
    check: FILE_CHECKS.trainingPhotos,
    alreadyChosen: photoTotal + pendingCount,
    disabled: locked,
    onFiles: (files) => {
      setWanted(true);
      setBatches((queued) => [...queued, { id: (nextBatch.current += 1), files }]);
    },
    onErrors: (errors) => onError(errors.join(' ')),
  });
  return { batches, onTaken, adding, setAdding, wanted, pendingCount, picker };
}
