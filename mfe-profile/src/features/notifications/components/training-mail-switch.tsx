import type { UserProfile } from '@app/shared/contract/user';
import { ErrorAlert } from '@app/shared/ui/error-alert';
import { makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { PROFILE_UI_TEXT } from '../../../texts';
import { saveTrainingMail } from '../api/save-training-mail';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  // The whole row is the touch target, not only the small toggle.
  switch: {
    minHeight: '44px',
    alignItems: 'center',
    marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})`,
  },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** "E-mail me when a model is ready": kept on the server, so every device and the mail agree. */
export function TrainingMailSwitch({ profile }: { profile: UserProfile }) {
  const styles = useStyles();
  // While saving, the switch shows the new choice; the saved profile takes over after.
  const [pending, setPending] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const checked = pending ?? profile.settings.emailWhenModelReady;

  const change = async (next: boolean) => {
    setPending(next);
    setFailed(false);
    try {
      await saveTrainingMail(next);
    } catch (failure) {
      console.error('Saving the mail setting failed', failure);
      setFailed(true);
    } finally {
      setPending(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="notifications-heading">
      <h2 id="notifications-heading" className={styles.heading}>
        {PROFILE_UI_TEXT.notificationsTitle}
      </h2>
      <Switch
        className={styles.switch}
        label={PROFILE_UI_TEXT.trainingMail}
        checked={checked}
        disabled={pending !== null}
        onChange={(_, data) => void change(data.checked)}
      />
      <p className={styles.hint}>{PROFILE_UI_TEXT.trainingMailHint}</p>
      {failed ? (
        <ErrorAlert
          message={PROFILE_UI_TEXT.trainingMailFailed}
          onDismiss={() => setFailed(false)}
        />
      ) : null}
    </section>
  );
}
