import type { TrainingPhoto } from '@app/shared/contract/media';
import type { StartedTraining } from '@app/shared/contract/models';
import { useTrainingPhotos } from '@app/shared/data/media';
import { startTraining } from '@app/shared/data/models';
import {
  MAX_TRAINING_PHOTOS,
  MODELS_TEXT,
  canStartTraining,
  startTrainingBlocker,
} from '@app/shared/spec';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../models/utils/error-message';
import { askNotificationPermission } from '../../models/utils/notifications';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { countsTowardTraining, isPending } from '../utils/photo-state';
import { useChosenPhotos, type ChosenPhoto } from './use-chosen-photos';
import { useTrainingForm } from './use-training-form';

/** How often the photos are read again while the api checks new ones. */
const CHECK_POLL_MS = 1000;

export interface TrainDialogOptions {
  open: boolean;
  userName: string;
  onStarted: (started: StartedTraining) => void;
}

/**
 * The state of the Train New Model dialog: the form, the chosen photos (with the user's earlier
 * untrained uploads offered again on opening), what counts toward training, and Start.
 */
export function useTrainDialog({ open, userName, onStarted }: TrainDialogOptions) {
  const form = useTrainingForm();
  const [checking, setChecking] = useState(false);
  const { data: stored } = useTrainingPhotos(open, () => (checking ? CHECK_POLL_MS : 0));
  const chosen = useChosenPhotos(stored?.items);
  const { photos } = chosen;
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [startError, setStartError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per request: Start again after a lost answer sends the same key (the api answers
  // with the training it started), and a changed request gets a new one.
  const keyed = useRef<{ request: string; key: string } | null>(null);

  const anyChecking = photos.some((photo) => photo.state.kind === 'checking');
  if (anyChecking !== checking) setChecking(anyChecking);

  // Every opening starts a new form; photos chosen before (or uploaded and never trained) stay.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      form.start(userName);
      setStartError(null);
      setFileErrors([]);
    }
  }
  const prefilledFor = useRef(false);
  useEffect(() => {
    if (!open) prefilledFor.current = false;
    if (!open || prefilledFor.current || !stored) return;
    prefilledFor.current = true;
    const here = new Set(photos.map((photo) => photo.imageId));
    // In the order they were uploaded, as they were chosen.
    const untrained = stored.items
      .filter(
        (photo: TrainingPhoto) =>
          photo.modelIds.length === 0 &&
          !here.has(photo.imageId) &&
          !chosen.wasRemoved(photo.imageId),
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (untrained.length > 0) chosen.addStored(untrained.slice(0, MAX_TRAINING_PHOTOS));
  }, [open, stored, photos, chosen]);

  const usable = photos.filter((photo) => countsTowardTraining(photo.state));
  const pendingCount = photos.filter((photo) => isPending(photo.state)).length;
  const formState = {
    busy,
    modelName: form.modelName,
    triggerWord: form.triggerWord,
    photoCount: usable.length,
    pendingPhotos: pendingCount,
  };
  const canStart = canStartTraining(formState);

  const addFiles = (files: File[]) => {
    setFileErrors([]);
    chosen.add(files);
  };

  const removePhoto = (photo: ChosenPhoto) => {
    chosen.remove(photo.key);
    setFileErrors([]);
  };

  /** Cancel: what was chosen for this dialog is thrown away, uploads included (deleted). */
  const discard = () => {
    chosen.discardAll();
    setFileErrors([]);
  };

  const start = async () => {
    if (!canStart) return;
    askNotificationPermission();
    setBusy(true);
    setStartError(null);
    try {
      const photoIds = usable.flatMap((photo) => (photo.imageId ? [photo.imageId] : []));
      const request = { ...form.request(), photoIds };
      const asked = JSON.stringify(request);
      if (keyed.current?.request !== asked) {
        keyed.current = { request: asked, key: newIdempotencyKey() };
      }
      const started = await startTraining(request, keyed.current.key);
      chosen.reset();
      keyed.current = null;
      onStarted(started);
    } catch (error) {
      setStartError(failureMessage(error, MODELS_TEXT.startTrainingFailed));
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    chosen,
    photos,
    usableCount: usable.length,
    pendingCount,
    canStart,
    /** Why Start cannot be pressed, shown beside it. */
    blocker: busy ? null : startTrainingBlocker(formState),
    busy,
    fileErrors,
    setFileErrors,
    startError,
    addFiles,
    removePhoto,
    discard,
    start,
  };
}
