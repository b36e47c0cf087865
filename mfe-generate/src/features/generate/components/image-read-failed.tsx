import { APP_TEXT, KIT_TEXT } from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ImageOffRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalS,
    height: '100%',
    minHeight: '160px',
    padding: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
  },
  icon: { fontSize: '32px' },
  retry: { minHeight: '44px' },
});

/**
 * A finished generation whose image could not be read (offline, a server error): said in its
 * place, with a Retry, instead of an empty frame or a spinner that never ends.
 */
export function ImageReadFailed({ onRetry }: { onRetry: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="alert">
      <ImageOffRegular className={styles.icon} aria-hidden />
      <span>{APP_TEXT.headerImageFailed}</span>
      <Button className={styles.retry} icon={<ArrowClockwiseRegular />} onClick={onRetry}>
        {KIT_TEXT.retry}
      </Button>
    </div>
  );
}
