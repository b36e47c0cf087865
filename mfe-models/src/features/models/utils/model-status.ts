import { MODELS_TEXT, normalizeModelStatus, type ModelStatus } from '@app/shared/spec';

/** Spec §4: training shows the warning colour, ready success, failed error, anything else default. */
export type StatusTone = 'warning' | 'success' | 'danger' | 'informative';

export interface StatusView {
  status: ModelStatus;
  label: string;
  tone: StatusTone;
}

const VIEWS: Record<ModelStatus, Omit<StatusView, 'status'>> = {
  none: { label: MODELS_TEXT.statusNone, tone: 'informative' },
  training: { label: MODELS_TEXT.statusTraining, tone: 'warning' },
  ready: { label: MODELS_TEXT.statusReady, tone: 'success' },
  failed: { label: MODELS_TEXT.statusFailed, tone: 'danger' },
};

/** The server sends both spellings ('ready', 'READY'); unknown values show as not trained. */
export function statusView(rawStatus: unknown): StatusView {
  const status = normalizeModelStatus(rawStatus);
  return { status, ...VIEWS[status] };
}
