import type { ErrorAlertProps } from '@app/shared/ui/error-alert';
import { KIT_TEXT } from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';

const useStyles = makeStyles({
  plain: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  message: { flexGrow: 1, margin: 0, fontWeight: tokens.fontWeightSemibold },
  button: { minHeight: '44px' },
});

/** The same message and actions without the kit's styling: while it loads, or if it cannot. */
function PlainErrorAlert({
  message,
  onDismiss,
  onRetry,
  retryLabel = KIT_TEXT.retry,
}: ErrorAlertProps) {
  const styles = useStyles();
  return (
    <div className={styles.plain} role="alert">
      <p className={styles.message}>{message}</p>
      {onRetry ? (
        <Button className={styles.button} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
      <Button className={styles.button} appearance="subtle" onClick={onDismiss}>
        {KIT_TEXT.dismiss}
      </Button>
    </div>
  );
}

// The kit's alert (Fluent's MessageBar) loads with the first error, keeping the
// page's first show inside its budget; offline before it was ever loaded, the plain one stands in.
const KitErrorAlert = lazy(() =>
  import('@app/shared/ui/error-alert').then(
    (module) => ({ default: module.ErrorAlert }),
    () => ({ default: PlainErrorAlert }),
  ),
);

export function LazyErrorAlert(props: ErrorAlertProps) {
  return (
    <Suspense fallback={<PlainErrorAlert {...props} />}>
      <KitErrorAlert {...props} />
    </Suspense>
  );
}
