import { PHOTO_PROBLEM_TEXT } from '@app/shared/spec';
import type { PhotoProblem } from '@app/shared/contract/models';
import type { MailMessage } from '@app/identity';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How a training ended, as its mail tells it. */
export type TrainingEnd =
  | { status: 'ready' }
  | { status: 'failed'; reason: string; photos: { filename: string; problem: string }[] };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The mail a training's end sends: a plain and an HTML part, with the next step's link. */
export function trainingMail(
  to: string,
  modelName: string,
  end: TrainingEnd,
  appUrl: string,
): MailMessage {
  const name = escapeHtml(modelName);
  if (end.status === 'ready') {
    const link = `${appUrl}/generate`;
    return {
      to,
      subject: `Your model "${modelName}" is ready`,
      text: `Your model "${modelName}" finished training and is ready.\n\nCreate images with it: ${link}\n`,
      html:
        `<p>Your model <strong>${name}</strong> finished training and is ready.</p>` +
        `<p><a href="${escapeHtml(link)}">Create images with it</a></p>`,
    };
  }
  const link = `${appUrl}/models`;
  const photoLines = end.photos.map((photo) => `${photo.filename}: ${photo.problem}`);
  const photoText = photoLines.length
    ? `\nThese photos could not be used:\n${photoLines.map((line) => `- ${line}`).join('\n')}\n`
    : '';
  const photoHtml = photoLines.length
    ? `<p>These photos could not be used:</p><ul>${photoLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
    : '';
  return {
    to,
    subject: `Training of "${modelName}" failed`,
    text:
      `The training of your model "${modelName}" failed: ${end.reason}\n${photoText}\n` +
      `It did not use up a model slot. Retry or change the photos: ${link}\n`,
    html:
      `<p>The training of your model <strong>${name}</strong> failed: ${escapeHtml(end.reason)}</p>` +
      `${photoHtml}<p>It did not use up a model slot. ` +
      `<a href="${escapeHtml(link)}">Retry or change the photos</a></p>`,
  };
}

/**
 * Records a training's mail in the transaction that ends it, unless its owner turned these mails
 * off. The row's id is the job's: a second end of the same job (a worker that lost its lease and
 * ends it again) records nothing more.
 */
export async function recordTrainingMail(
  db: Kysely<Database>,
  job: { id: string; input: { modelId: string } },
  end: 'ready' | { reason: string },
  at: string,
  appUrl: string,
): Promise<void> {
  const owner = await db
    .selectFrom('models')
    .innerJoin('users', 'users.id', 'models.user_id')
    .select(['users.id as userId', 'users.email', 'users.training_mail', 'models.name'])
    .where('models.id', '=', job.input.modelId)
    .executeTakeFirst();
  if (!owner || owner.training_mail !== 1 || !owner.email) return;
  const photos =
    end === 'ready'
      ? []
      : await db
          .selectFrom('model_photos')
          .innerJoin('media', 'media.id', 'model_photos.media_id')
          .select(['media.filename', 'media.photo_check'])
          .where('model_photos.model_id', '=', job.input.modelId)
          .where('media.photo_check', 'in', Object.keys(PHOTO_PROBLEM_TEXT))
          .orderBy('model_photos.position', 'asc')
          .execute();
  const message = trainingMail(
    owner.email,
    owner.name,
    end === 'ready'
      ? { status: 'ready' }
      : {
          status: 'failed',
          reason: end.reason,
          photos: photos.map((photo) => ({
            filename: photo.filename,
            problem: PHOTO_PROBLEM_TEXT[photo.photo_check as PhotoProblem],
          })),
        },
    appUrl,
  );
  await db
    .insertInto('mail_outbox')
    .values({
      id: `training:${job.id}`,
      user_id: owner.userId,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? '',
      created_at: at,
      sent_at: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
