import { useUserProfile } from '@app/shared/data/user';
import { KIT_TEXT, PROFILE_TEXT } from '@app/shared/spec';
import { ErrorAlert } from '@app/shared/ui/error-alert';
import { DelayedSpinner } from '@app/shared/ui/loading';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { AccountForm } from './features/account/components/account-form';
import { DeleteAccountButton } from './features/delete-account/components/delete-account-button';
import { DownloadData } from './features/export-data/components/download-data';
import { LogoutButton } from './features/logout/components/logout-button';
import { TrainingMailSwitch } from './features/notifications/components/training-mail-switch';
import { PictureEditor } from './features/picture/components/picture-editor';
import { StorageUsage } from './features/storage/components/storage-usage';
import { SubscriptionCard } from './features/subscription/components/subscription-card';
import { useCheckoutReturn } from './features/subscription/hooks/use-checkout-return';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    width: '100%',
    maxWidth: '560px',
    boxSizing: 'border-box',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXL}`,
  },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  subscription: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
});

/**
 * Profile Settings (spec §2): picture, name and e-mail, storage used, subscription, mail
 * setting, the data download, log out and account deletion.
 */
export function ProfilePage() {
  const styles = useStyles();
  const { data: profile, error, isValidating, mutate } = useUserProfile(true);
  useCheckoutReturn(profile?.subscriptionStatus);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const failed = error !== undefined && !isValidating && error !== dismissed;
  const retry = () => void mutate();
  const dismiss = () => setDismissed(error);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{PROFILE_TEXT.title}</h1>
      {profile ? (
        <>
          {/* The profile shown may be older than the server's (offline, or a failed refresh). */}
          {failed ? (
            <ErrorAlert message={PROFILE_TEXT.loadInfoFailed} onDismiss={dismiss} onRetry={retry} />
          ) : null}
          <div className={styles.card}>
            <PictureEditor pictureUrl={profile.profilePicture} />
            <AccountForm profile={profile} />
            <StorageUsage used={profile.storageUsed} quota={profile.storageQuota} />
          </div>
          <div className={styles.subscription}>
            <SubscriptionCard profile={profile} />
          </div>
          <div className={styles.subscription}>
            <TrainingMailSwitch profile={profile} />
          </div>
          <div className={styles.subscription}>
            <DownloadData />
          </div>
        </>
      ) : failed ? (
        <ErrorAlert message={PROFILE_TEXT.loadFailed} onDismiss={dismiss} onRetry={retry} />
      ) : error === undefined || isValidating ? (
        <DelayedSpinner label={KIT_TEXT.loading} />
      ) : null}
      {/* Below the page's content once it is known (or failed), so the button never jumps down. */}
      {profile || error !== undefined ? <LogoutButton /> : null}
      {profile ? <DeleteAccountButton /> : null}
    </div>
  );
}
