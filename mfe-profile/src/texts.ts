import { isUnlimitedModelLimit } from '@app/shared/spec';

/**
 * The profile screen's own words, which the spec does not fix (its fixed texts are PROFILE_TEXT
 * in @app/shared/spec). Kept in the remote, so every other app's first load does not carry them.
 */
export const PROFILE_UI_TEXT = {
  saving: 'Saving...',
  pictureAlt: 'Profile picture',
  changePicture: 'Change profile picture',
  removePicture: 'Remove picture',
  removePictureTitle: 'Remove Profile Picture',
  removePictureQuestion: 'Remove your profile picture? The default icon will show instead.',
  removePictureConfirm: 'Remove',
  removing: 'Removing...',
  subscriptionTitle: 'Subscription',
  cancelSubscription: 'Cancel Subscription',
  keepSubscription: 'Keep Subscription',
  canceling: 'Canceling...',
  openingCheckout: 'Opening checkout...',
  checkoutSucceeded: 'Payment complete. Welcome to Pro!',
  checkoutCanceled: 'Checkout canceled. Nothing was charged.',
  logOutConfirm: 'Log out',
  logOutQuestion: 'Are you sure you want to log out?',
  loggingOut: 'Logging out...',
  notificationsTitle: 'Notifications',
  trainingMail: 'E-mail me when a model is ready',
  trainingMailHint: 'One e-mail when a training finishes or fails, with what to do next.',
  trainingMailFailed: 'Failed to save the e-mail setting',
} as const;

/** The note of a canceled subscription whose paid period has not ended (spec §2). */
export const premiumEndsOn = (date: string): string => `Your premium access ends on ${date}.`;

/** The cancel confirmation: it takes effect at the end of the current billing period (§5). */
export const cancelSubscriptionQuestion = (periodEnd: string | null): string =>
  `Cancel your subscription? It takes effect at the end of the current billing period${
    periodEnd ? ` (${periodEnd})` : ''
  }; until then you keep all premium features.`;

/** What the plan includes, from the server's modelLimit (spec §6: 1 free, 5 Pro, 999 admin). */
export const planModels = (limit: number): string =>
  isUnlimitedModelLimit(limit)
    ? 'Your plan: unlimited models'
    : `Your plan: ${limit === 1 ? '1 model' : `up to ${limit} models`}`;
