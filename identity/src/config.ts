import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IDENTITY_DEFAULTS, type IdentityOptions } from './options';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Settings of the standalone identity server (`src/main.ts`); the api passes its own. */
export interface IdentityServerConfig {
  host: string;
  port: number;
  logLevel: string;
  identity: IdentityOptions;
}

const PORT_MESSAGE = 'must be a port number (0-65535)';

const envSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  IDENTITY_PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3001),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(join(REPO_ROOT, '.data')),
  COGNITO_REGION: z.string().default(IDENTITY_DEFAULTS.region),
  COGNITO_USER_POOL_ID: z.string().default(IDENTITY_DEFAULTS.userPoolId),
  COGNITO_CLIENT_ID: z.string().default(IDENTITY_DEFAULTS.clientId),
  IDENTITY_ALLOWED_ORIGINS: z.string().optional(),
});

/** Pure: throws an Error naming every bad variable. Empty variables count as unset. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  return {
    host: vars.HOST,
    port: vars.IDENTITY_PORT,
    logLevel: vars.LOG_LEVEL,
    identity: {
      region: vars.COGNITO_REGION,
      userPoolId: vars.COGNITO_USER_POOL_ID,
      clientId: vars.COGNITO_CLIENT_ID,
      dataDir: join(vars.DATA_DIR, 'identity'),
      allowedOrigins: vars.IDENTITY_ALLOWED_ORIGINS?.split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    },
  };
}
