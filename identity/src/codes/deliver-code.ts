import { maskEmail } from '@app/shared/spec';
import type { FastifyBaseLogger } from 'fastify';
import type { CodePurpose } from '../db/schema';
import { CognitoError } from '../errors';
import { codeMail } from '../mail/messages';
import type { IdentityService } from '../service';
import { issueCode } from './verification-codes';

/** More mails than this to one address within an hour is abuse (mail bombing), not a lost code. */
const MAX_MAILS_PER_ADDRESS_PER_HOUR = 10;

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL';
  AttributeName: 'email';
}

/** Cognito shows where the code went without giving the address away. */
export function emailDelivery(address: string): CodeDeliveryDetails {
  return { Destination: maskEmail(address), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

/** Makes a code for `purpose`, mails it to `to` and says where it went. */
export async function deliverCode(
  service: IdentityService,
  userId: string,
  purpose: CodePurpose,
  to: string,
  log: FastifyBaseLogger,
): Promise<CodeDeliveryDetails> {
  const since = service.options.now().getTime() - 3_600_000;
  const { sent } = await service.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('to_address', '=', to.toLowerCase())
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (sent >= MAX_MAILS_PER_ADDRESS_PER_HOUR) {
    throw new CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
  }
  const code = await issueCode(service, userId, purpose);
  await service.sendMail(codeMail(purpose, to, code), log);
  return emailDelivery(to);
}
