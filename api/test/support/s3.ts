import { vi } from 'vitest';
import { S3Double } from './s3-double';

export const TEST_BUCKET = 'studio-test';
export const TEST_REGION = 'eu-central-1';
const TEST_CREDENTIALS = {
  accessKeyId: 'AKIASTUDIOTEST000001',
  secretAccessKey: 'studio-test-secret-access-key-0000000001',
};

/**
 * An S3 double whose credentials reach the api the standard way: the SDK's default chain reads
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY from the environment (stubbed for this test file).
 * `env` selects S3 storage in `startApp`/`startStudio`.
 */
export async function startS3(prefix = ''): Promise<{ s3: S3Double; env: Record<string, string> }> {
  const s3 = await new S3Double({
    bucket: TEST_BUCKET,
    region: TEST_REGION,
    ...TEST_CREDENTIALS,
  }).start();
  vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_CREDENTIALS.secretAccessKey);
  return {
    s3,
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: TEST_REGION,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    },
  };
}
