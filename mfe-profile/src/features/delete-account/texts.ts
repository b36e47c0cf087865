import { ACCOUNT_DELETION_WORD } from '@app/shared/contract/user';

export const DELETE_ACCOUNT_TEXT = {
  button: 'Delete account',
  title: 'Delete your account',
  intro: 'This deletes your account and everything in it. It cannot be undone:',
  goes: [
    'your models',
    'your training photos',
    'your generated images',
    'your profile picture',
    'your subscription, canceled at the payment provider',
    'your models stored at the image provider',
  ],
  receipt: 'We e-mail you a receipt when it is done.',
  typeLabel: `Type ${ACCOUNT_DELETION_WORD} to confirm`,
  confirm: 'Delete account',
  deleting: 'Deleting...',
  failed: 'Your account could not be deleted. Check your connection and try again.',
} as const;
