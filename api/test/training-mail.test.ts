import { randomUUID } from 'node:crypto';
import type { MailMessage, MailTransport } from '@app/identity';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import type { Job } from '../src/jobs/queue';
import { MailOutbox } from '../src/services/mail-outbox';
import { createJobDb, type JobDb } from './support/job-db';
import { DIALECTS } from './support/test-database';

const LEASE = 30_000;
const log = Fastify({ logger: false }).log;

/** An SMTP stand-in that keeps what it was handed. */
function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, deliver: (message) => void sent.push(message), close: async () => undefined };
}

/** A training's end mails its owner once, unless they turned it off (issue #40, item 1). */
describe.each(DIALECTS)('the mail at the end of a training on %s', (dialect) => {
  let jobs: JobDb;
  beforeEach(async () => {
    jobs = await createJobDb(dialect);
  });
  afterEach(() => jobs.close());

  const outbox = (db: Kysely<Database> = jobs.db) =>
    db.selectFrom('mail_outbox').selectAll().where('user_id', '=', jobs.userId).execute();

  async function runningTraining() {
    const id = await jobs.enqueue('train');
    const job = await jobs.store.claim({
      owner: 'worker-a',
      leaseMs: LEASE,
      limits: { train: 1 },
      now: new Date(),
    });
    if (job?.id !== id || job.kind !== 'train') throw new Error('the training was not claimed');
    return job as Job<'train'>;
  }

  /** A training photo of the model that the photo check refused. */
  async function refusedPhoto(modelId: string, filename: string) {
    const mediaId = randomUUID();
    await jobs.db
      .insertInto('media')
      .values({
        id: mediaId,
        user_id: jobs.userId,
        type: 'training',
        status: 'ready',
        filename,
        content_type: 'image/jpeg',
        created_at: new Date().toISOString(),
        photo_check: 'no-face',
      } as never)
      .execute();
    await jobs.db
      .insertInto('model_photos')
      .values({ model_id: modelId, media_id: mediaId, position: 0 })
      .execute();
  }

  it('records one "ready" mail with a link to /generate, in a plain and an HTML part', async () => {
    const job = await runningTraining();
    expect(await jobs.store.succeed(job, 'worker-a', { output: [] }, new Date())).toBe(true);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      id: `training:${job.id}`,
      to_address: `${jobs.userId}@example.com`,
      subject: 'Your model "Ada" is ready',
      sent_at: null,
    });
    expect(mails[0]!.text_body).toContain('http://localhost/generate');
    expect(mails[0]!.html_body).toContain('<a href="http://localhost/generate">');
  });

  it('records one "failed" mail with the reason, the refused photos and a link to /models', async () => {
    const job = await runningTraining();
    await refusedPhoto(job.input.modelId, 'beach.jpg');
    const reason = 'Only 3 of the photos show one clear face; at least 5 are needed.';
    expect(await jobs.store.fail(job, 'worker-a', reason, new Date())).toBe(true);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Training of "Ada" failed');
    expect(mails[0]!.text_body).toContain(reason);
    expect(mails[0]!.text_body).toContain('beach.jpg: No face found');
    expect(mails[0]!.text_body).toContain('http://localhost/models');
    expect(mails[0]!.html_body).toContain('<li>beach.jpg: No face found</li>');
  });

  it('records none when the owner turned the mail off, and none for a cancel', async () => {
    await jobs.db.updateTable('users').set({ training_mail: 0 }).execute();
    const job = await runningTraining();
    await jobs.store.succeed(job, 'worker-a', { output: [] }, new Date());
    expect(await outbox()).toHaveLength(0);

    await jobs.db.updateTable('users').set({ training_mail: 1 }).execute();
    const canceled = await jobs.enqueue('train');
    await jobs.queue.cancel(jobs.userId, canceled);
    expect(await outbox()).toHaveLength(0);
  });

  it('is sent once across two workers and a restart', async () => {
    const job = await runningTraining();
    const other = jobs.connect();
    // The second worker's stale end of the same training records nothing more.
    await jobs.store.succeed(job, 'worker-a', { output: [] }, new Date());
    expect(await other.store.fail(job, 'worker-b', 'lost', new Date())).toBe(false);
    expect(await outbox()).toHaveLength(1);

    const first = recordingTransport();
    const second = recordingTransport();
    const counts = await Promise.all([
      new MailOutbox(jobs.db, first, false).deliverPending(log),
      new MailOutbox(other.db, second, false).deliverPending(log),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    expect([...first.sent, ...second.sent]).toEqual([
      expect.objectContaining({
        to: `${jobs.userId}@example.com`,
        subject: 'Your model "Ada" is ready',
      }),
    ]);
    // A restarted process finds nothing left to send.
    const restarted = recordingTransport();
    expect(await new MailOutbox(other.db, restarted, false).deliverPending(log)).toBe(0);
    expect(restarted.sent).toHaveLength(0);
    expect((await outbox())[0]!.sent_at).not.toBeNull();
  });
});
