import { useEffect, useRef } from 'react';
import { useAddPhotos } from '../hooks/use-add-photos';
import type { IncomingPhoto } from './model-photos';

export interface RowUploadsState {
  incoming: readonly IncomingPhoto[];
  retry: (uploadId: string) => void;
}

export interface RowUploadsProps {
  modelId: string;
  /** Files the row was given, in batches; each is taken once. */
  batches: readonly { id: number; files: readonly File[] }[];
  onTaken: (batchId: number) => void;
  onChange: (state: RowUploadsState) => void;
  onError: (message: string) => void;
}

/**
 * Add Photos to an existing model, loaded when the row is first given files: the uploader is
 * not part of the page's first load. It renders nothing; the row shows what it reports.
 */
export default function RowUploads({
  modelId,
  batches,
  onTaken,
  onChange,
  onError,
}: RowUploadsProps) {
  const adding = useAddPhotos(modelId, onError);
  const taken = useRef(new Set<number>());

  useEffect(() => {
    for (const batch of batches) {
      if (taken.current.has(batch.id)) continue;
      taken.current.add(batch.id);
      adding.add(batch.files);
      onTaken(batch.id);
    }
  }, [batches, adding, onTaken]);

  useEffect(() => {
    onChange({ incoming: adding.incoming, retry: adding.retry });
  }, [adding.incoming, adding.retry, onChange]);

  return null;
}
