import { APP_TEXT, COMMON_TEXT } from '@app/shared/spec';
import { Body1, Button } from '@fluentui/react-components';
import { useNoticeStyles } from './notice-styles';

/**
 * Spec §1: 'New content available. Click OK to refresh.' In the page rather than the browser's
 * confirm box, which blocks the app and looks foreign in the installed app.
 */
export default function UpdatePrompt({
  onAccept,
  onDismiss,
}: {
  onAccept: () => void;
  onDismiss: () => void;
}) {
  const styles = useNoticeStyles();
  return (
    <section className={styles.notice} aria-label="Update available">
      <Body1 className={styles.text} role="status">
        {APP_TEXT.updateAvailable}
      </Body1>
      <Button className={styles.action} onClick={onDismiss}>
        {COMMON_TEXT.cancel}
      </Button>
      <Button className={styles.action} appearance="primary" onClick={onAccept}>
        OK
      </Button>
    </section>
  );
}
