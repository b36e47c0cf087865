import { maskEmail } from '@app/shared/spec';
import type { FastifyBaseLogger } from 'fastify';
import type { CodePurpose } from '../db/schema';
import { codeMail } from '../mail/messages';
import type { IdentityService } from '../service';
import { issueCode } from './verification-codes';

interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL';
  AttributeName: 'email';
}

/** Cognito shows where the code went without giving the address away. */
export function emailDelivery(address: string): CodeDeliveryDetails {
  return { Destination: maskEmail(address), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

/**
 * Makes a code for `purpose`, mails it to `to` and says where it went. Limits are the caller's:
 * `assertMailQuota` where the caller is signed in, `recordCodeRequest` where anyone may ask.
 */
export async function deliverCode(
  service: IdentityService,
  userId: string,
  purpose: CodePurpose,
  to: string,
  log: FastifyBaseLogger,
): Promise<CodeDeliveryDetails> {
  const code = await issueCode(service, userId, purpose);
  await service.sendMail(codeMail(purpose, to, code), log);
  return emailDelivery(to);
}
