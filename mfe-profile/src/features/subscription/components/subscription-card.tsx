import { bus } from '@app/shared/bus';
import type { UserProfile } from '@app/shared/contract/user';
import { cancelSubscription } from '@app/shared/data/billing';
import { PROFILE_TEXT } from '@app/shared/spec';
import { ErrorAlert } from '@app/shared/ui/error-alert';
import { IconButton } from '@app/shared/ui/icon-button';
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissCircleRegular, PremiumRegular } from '@fluentui/react-icons';
import { Suspense, useId, useState } from 'react';
import { ConfirmDialog, preloadConfirmDialog } from '../../../components/lazy-dialogs';
import { startCheckout } from '../api/start-checkout';
import { formatEndDate, subscriptionView } from '../utils/subscription-view';
import {
  cancelSubscriptionQuestion,
  planModels,
  premiumEndsOn,
  PROFILE_UI_TEXT,
} from '../../../texts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    minHeight: '44px',
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  chip: { flexShrink: 0 },
  spacer: { flexGrow: 1 },
  plan: { margin: 0, color: tokens.colorNeutralForeground2 },
  subscribe: { minHeight: '44px' },
});

/** The Subscription card of spec §2: the status chip, the end note, cancel and subscribe. */
export function SubscriptionCard({ profile }: { profile: UserProfile }) {
  const styles = useStyles();
  const titleId = useId();
  const view = subscriptionView(profile.subscriptionStatus, profile.subscriptionEnd);
  const [dialog, setDialog] = useState<'closed' | 'open' | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<'idle' | 'starting' | 'failed'>('idle');

  const periodEnd = profile.subscriptionEnd ? new Date(profile.subscriptionEnd) : null;
  const periodEndText =
    periodEnd && !Number.isNaN(periodEnd.getTime()) ? formatEndDate(periodEnd) : null;

  const cancel = async () => {
    setCancelError(null);
    try {
      await cancelSubscription();
    } catch (failure) {
      setCancelError(PROFILE_TEXT.cancelSubscriptionFailed);
      throw failure;
    }
    bus.emit('toast:show', { intent: 'success', text: PROFILE_TEXT.subscriptionCanceled });
  };

  const subscribe = async () => {
    setCheckout('starting');
    try {
      await startCheckout();
      // The browser is leaving for the checkout; the button stays busy until it has gone. Back
      // from there with the Back gesture, the page may come back as it was left (the
      // back/forward cache): the button is ready again.
      const restored = (event: PageTransitionEvent) => {
        if (!event.persisted) return;
        window.removeEventListener('pageshow', restored);
        setCheckout('idle');
      };
      window.addEventListener('pageshow', restored);
    } catch (failure) {
      console.error('The checkout could not be started', failure);
      setCheckout('failed');
    }
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {PROFILE_UI_TEXT.subscriptionTitle}
        </h2>
        <Badge
          className={styles.chip}
          appearance="tint"
          shape="rounded"
          size="large"
          color={view.chipColor}
          data-testid="subscription-chip"
        >
          {view.chipLabel}
        </Badge>
        <span className={styles.spacer} />
        {view.canCancel ? (
          <span {...preloadConfirmDialog}>
            <IconButton
              appearance="subtle"
              icon={<DismissCircleRegular />}
              label={PROFILE_UI_TEXT.cancelSubscription}
              onClick={() => {
                setCancelError(null);
                setDialog('open');
              }}
            />
          </span>
        ) : null}
      </div>
      <p className={styles.plan}>{planModels(profile.modelLimit)}</p>
      {view.premiumEndsAt ? (
        <MessageBar intent="info">
          <MessageBarBody>{premiumEndsOn(formatEndDate(view.premiumEndsAt))}</MessageBarBody>
        </MessageBar>
      ) : null}
      {checkout === 'failed' ? (
        <ErrorAlert message={PROFILE_TEXT.checkoutFailed} onDismiss={() => setCheckout('idle')} />
      ) : null}
      {view.canSubscribe ? (
        <Button
          className={styles.subscribe}
          appearance="primary"
          size="large"
          icon={checkout === 'starting' ? <Spinner size="tiny" /> : <PremiumRegular />}
          disabled={checkout === 'starting'}
          onClick={() => void subscribe()}
        >
          {checkout === 'starting' ? PROFILE_UI_TEXT.openingCheckout : PROFILE_TEXT.subscribeNow}
        </Button>
      ) : null}
      {dialog !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={dialog === 'open'}
            title={PROFILE_UI_TEXT.cancelSubscription}
            message={cancelSubscriptionQuestion(periodEndText)}
            confirmLabel={PROFILE_UI_TEXT.cancelSubscription}
            busyLabel={PROFILE_UI_TEXT.canceling}
            cancelLabel={PROFILE_UI_TEXT.keepSubscription}
            destructive
            error={cancelError}
            onConfirm={cancel}
            onDismiss={() => setDialog('closed')}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
