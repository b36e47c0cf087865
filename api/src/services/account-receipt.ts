import type { AccountContents } from '@app/shared/contract/user';

export interface ReceiptMail {
  to: string;
  subject: string;
  text: string;
}

export const RECEIPT_SUBJECT = 'Your AI Image Studio account has been deleted';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The receipt of a deleted account: what went, as it was when the deletion was asked for. */
export function receiptMail(to: string, contents: AccountContents): ReceiptMail {
  const lines = [
    `- ${plural(contents.models, 'model')}`,
    `- ${plural(contents.trainingPhotos, 'training photo')}`,
    `- ${plural(contents.generatedImages, 'generated image')}`,
    `- ${contents.profilePicture ? 'your profile picture' : 'no profile picture'}`,
    `- ${plural(contents.providerModels, 'model')} stored at the image provider`,
    contents.subscription
      ? '- your subscription, canceled at the payment provider'
      : '- no subscription to cancel',
    '- your sign-in account and every session on every device',
  ];
  return {
    to,
    subject: RECEIPT_SUBJECT,
    text: [
      'Your account and everything in it have been deleted:',
      '',
      ...lines,
      '',
      'Nothing of it is kept. You can sign up again with this e-mail address at any time.',
    ].join('\n'),
  };
}
