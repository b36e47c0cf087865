import { storageUsage } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  usage: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    alignSelf: 'stretch',
  },
  text: {
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground2,
  },
  track: {
    height: '6px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
  },
  bar: { height: '100%', backgroundColor: tokens.colorCompoundBrandBackground },
  // Nearly full: uploads and generations stop at the limit, so it should not come as a surprise.
  nearlyFull: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
});

const NEARLY_FULL = 0.9;

/** How much of the account's storage its images take (GET /user storageUsed of storageQuota). */
export function StorageUsage({ used, quota }: { used: number; quota: number }) {
  const styles = useStyles();
  const share = quota > 0 ? Math.min(1, used / quota) : 1;
  const text = storageUsage(used, quota);
  return (
    <div className={styles.usage}>
      <span className={styles.text}>{text}</span>
      <div
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        className={styles.track}
      >
        <div
          className={mergeClasses(styles.bar, share >= NEARLY_FULL && styles.nearlyFull)}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
