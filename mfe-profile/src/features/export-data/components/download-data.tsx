import { ErrorAlert } from '@app/shared/ui/error-alert';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { downloadMyData } from '../api/download-my-data';
import { downloadFailureMessage, EXPORT_DATA_TEXT } from '../texts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  button: { minHeight: '44px', alignSelf: 'stretch' },
  status: { margin: 0, fontSize: tokens.fontSizeBase300, ':empty': { display: 'none' } },
});

/** "Download my data": everything of the account as one zip, saved by the browser. */
export function DownloadData() {
  const styles = useStyles();
  const [state, setState] = useState<'idle' | 'preparing' | 'started'>('idle');
  const [error, setError] = useState<string | null>(null);
  const preparing = state === 'preparing';

  const start = async () => {
    setError(null);
    setState('preparing');
    try {
      await downloadMyData();
      setState('started');
    } catch (failure) {
      console.error('The data export could not start', failure);
      setError(downloadFailureMessage(failure));
      setState('idle');
    }
  };

  return (
    <section className={styles.section} aria-labelledby="export-data-heading">
      <h2 id="export-data-heading" className={styles.heading}>
        {EXPORT_DATA_TEXT.title}
      </h2>
      <p className={styles.hint}>{EXPORT_DATA_TEXT.hint}</p>
      <Button
        className={styles.button}
        appearance="secondary"
        size="large"
        icon={preparing ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
        disabled={preparing}
        onClick={() => void start()}
      >
        {preparing ? EXPORT_DATA_TEXT.preparing : EXPORT_DATA_TEXT.button}
      </Button>
      <p className={styles.status} role="status">
        {state === 'started' ? EXPORT_DATA_TEXT.started : ''}
      </p>
      {error ? (
        <ErrorAlert message={error} onDismiss={() => setError(null)} onRetry={() => void start()} />
      ) : null}
    </section>
  );
}
