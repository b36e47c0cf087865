import {
  Button,
  createPresenceComponent,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  motionTokens,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useRef, useState, type ReactNode } from 'react';
import { COMMON_TEXT } from '../spec/messages';
import { IconButton } from './icon-button';
import { PHONE_MEDIA, PHONE_MEDIA_QUERY, useMediaQuery } from './use-media-query';
import { ReturnFocus } from './return-focus';

const useStyles = makeStyles({
  surface: {
    maxWidth: '480px',
    [PHONE_MEDIA]: {
      // A bottom sheet on phones: the actions sit where the thumb is.
      inset: 'auto 0 0 0',
      margin: '0',
      width: '100%',
      maxWidth: '100%',
      borderRadius: `${tokens.borderRadiusXLarge} ${tokens.borderRadiusXLarge} 0 0`,
      paddingBottom: `calc(${tokens.spacingVerticalXXL} + env(safe-area-inset-bottom))`,
    },
  },
  message: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  error: { color: tokens.colorPaletteRedForeground1, marginTop: tokens.spacingVerticalM },
  actions: {
    [PHONE_MEDIA]: { display: 'flex', flexDirection: 'row', width: '100%' },
  },
  button: {
    minHeight: '44px',
    minWidth: '96px',
    [PHONE_MEDIA]: { flexGrow: 1, flexBasis: 0 },
  },
  destructive: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1 },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1 },
  },
});

/** The sheet rises from the bottom edge; Fluent's motion skips it under reduced motion. */
const SheetMotion = createPresenceComponent({
  enter: {
    keyframes: [{ transform: 'translateY(100%)' }, { transform: 'translateY(0)' }],
    duration: motionTokens.durationGentle,
    easing: motionTokens.curveDecelerateMid,
  },
  exit: {
    keyframes: [{ transform: 'translateY(0)' }, { transform: 'translateY(100%)' }],
    duration: motionTokens.durationNormal,
    easing: motionTokens.curveAccelerateMid,
  },
});

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, in the spec's words. */
  message: ReactNode;
  /** The confirm button, e.g. 'Delete Model'. */
  confirmLabel: string;
  /** The confirm button while `onConfirm` runs, e.g. 'Deleting...'. */
  busyLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  destructive?: boolean;
  /** The confirm button waits for something in `message` (a typed confirmation word). */
  confirmDisabled?: boolean;
  /** Shown under the message, e.g. the failed call's message after a rejected `onConfirm`. */
  error?: string | null;
  /**
   * May return a promise: the dialog stays open and busy until it settles, then closes when it
   * resolved. A rejection keeps it open so the user can try again (show why through `error`).
   */
  onConfirm: () => void | Promise<void>;
  /** Cancel, the close button, Escape or the backdrop; not offered while busy. */
  onDismiss: () => void;
}

/**
 * A confirmation: a bottom sheet on screens under 480 px, a centred dialog on larger ones. Focus
 * moves to the first button when it opens and back to the opener when it closes (Fluent Dialog).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = COMMON_TEXT.cancel,
  destructive = false,
  confirmDisabled = false,
  error,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps) {
  const styles = useStyles();
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY);
  const [busy, setBusy] = useState(false);
  // A second tap can arrive before React re-renders the disabled button.
  const running = useRef(false);

  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await onConfirm();
      onDismiss();
    } catch {
      // Left open: the caller explains the failure through `error`.
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open && !running.current) onDismiss();
      }}
      surfaceMotion={isPhone ? { children: (_, props) => <SheetMotion {...props} /> } : undefined}
    >
      <DialogSurface className={styles.surface}>
        <ReturnFocus />
        <DialogBody>
          <DialogTitle
            action={
              <IconButton
                appearance="subtle"
                icon={<DismissRegular />}
                label={COMMON_TEXT.close}
                disabled={busy}
                onClick={onDismiss}
              />
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={styles.message}>
            {message}
            {error ? (
              <div role="alert" className={styles.error}>
                {error}
              </div>
            ) : null}
          </DialogContent>
          {/* Fluid: long labels ("Keep Subscription") stay on one line beside a short message. */}
          <DialogActions fluid className={styles.actions}>
            <Button className={styles.button} disabled={busy} onClick={onDismiss}>
              {cancelLabel}
            </Button>
            <Button
              appearance="primary"
              className={mergeClasses(
                styles.button,
                destructive && !busy && !confirmDisabled && styles.destructive,
              )}
              disabled={confirmDisabled && !busy}
              disabledFocusable={busy}
              aria-busy={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => void confirm()}
            >
              {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
