import { updateUser } from '@app/shared/data/user';

/** Whether a training's end is e-mailed (PUT /user `settings`); the profile shows the answer. */
export async function saveTrainingMail(emailWhenModelReady: boolean): Promise<void> {
  await updateUser({ settings: { emailWhenModelReady } });
}
