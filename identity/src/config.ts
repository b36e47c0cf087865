import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HOSTED_UI_DEFAULTS, type HostedUiOptions } from './hosted-ui/hosted-ui-options';
import { IDENTITY_DEFAULTS, issuerFor, type IdentityOptions } from './options';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Settings of the standalone identity server (`src/main.ts`) and the CLI; the api passes its own. */
export interface IdentityServerConfig {
  host: string;
  port: number;
  logLevel: string;
  identity: IdentityOptions;
}

const PORT_MESSAGE = 'must be a port number (0-65535)';

const portNumber = z.coerce
  .number({ error: PORT_MESSAGE })
  .int(PORT_MESSAGE)
  .min(0, PORT_MESSAGE)
  .max(65535, PORT_MESSAGE);
const port = (fallback: number) => portNumber.default(fallback);

const commaList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The variables the identity service reads, wherever it runs. */
const identityEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().default('.data'),
  COGNITO_REGION: z.string().default(IDENTITY_DEFAULTS.region),
  COGNITO_USER_POOL_ID: z.string().default(IDENTITY_DEFAULTS.userPoolId),
  COGNITO_CLIENT_ID: z.string().default(IDENTITY_DEFAULTS.clientId),
  IDENTITY_ALLOWED_ORIGINS: z.string().optional(),
  IDENTITY_ISSUER: z.url().optional(),
  IDENTITY_MFA: z.enum(['OFF', 'OPTIONAL', 'ON']).default('OFF'),
  IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: z.stringbool().default(true),
  IDENTITY_CUSTOM_ATTRIBUTES: z.string().optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().optional(),
  IDENTITY_MAIL_REQUESTS_PER_SOURCE_PER_HOUR: z.coerce
    .number({ error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .default(IDENTITY_DEFAULTS.mailRequestsPerSourcePerHour),
});

const hostedUiEnvSchema = z.object({
  // No default here: unset, the port comes from the hosted UI's public URL.
  IDENTITY_HOSTED_UI_PORT: portNumber.optional(),
  IDENTITY_REDIRECT_URIS: z.string().optional(),
  IDENTITY_LOGOUT_URIS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().optional(),
});

const serverEnvSchema = identityEnvSchema.extend({
  HOST: z.string().default('0.0.0.0'),
  IDENTITY_PORT: port(3001),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Empty variables count as unset. */
function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Where the pool is reached from: its token issuer and the app that uses it. */
export interface IdentityPlacement {
  /** Used when IDENTITY_ISSUER is unset; it depends on where the host mounts the plugin. */
  issuer: (userPoolId: string) => string;
  /** The app's URL: its origin joins the CORS allow-list (the hosted UI's token call is cross-origin). */
  appUrl: string;
}

/** Pure: the plugin options from the environment; throws an Error naming every bad variable. */
export function identityOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  placement: IdentityPlacement,
): IdentityOptions {
  const vars = parseEnv(identityEnvSchema, env);
  const appOrigins = [
    ...new Set([...IDENTITY_DEFAULTS.allowedOrigins, new URL(placement.appUrl).origin]),
  ];
  return {
    region: vars.COGNITO_REGION,
    userPoolId: vars.COGNITO_USER_POOL_ID,
    clientId: vars.COGNITO_CLIENT_ID,
    // Relative to the repository root, as the api resolves it, whatever the working directory.
    dataDir: join(resolve(REPO_ROOT, vars.DATA_DIR), 'identity'),
    issuer: vars.IDENTITY_ISSUER ?? placement.issuer(vars.COGNITO_USER_POOL_ID),
    allowedOrigins: commaList(vars.IDENTITY_ALLOWED_ORIGINS) ?? appOrigins,
    mfa: vars.IDENTITY_MFA,
    preventUserExistenceErrors: vars.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS,
    customAttributes: commaList(vars.IDENTITY_CUSTOM_ATTRIBUTES) ?? [],
    devOutbox: vars.NODE_ENV !== 'production',
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    mailRequestsPerSourcePerHour: vars.IDENTITY_MAIL_REQUESTS_PER_SOURCE_PER_HOUR,
  };
}

/**
 * Pure: the hosted-UI part of the options. `publicUrl` is its https origin (aws-amplify's
 * `oauth.domain` with `https://`), whose port it listens on unless IDENTITY_HOSTED_UI_PORT says
 * otherwise; `appUrl` is where the app runs, whose /callback and /logout are allowed by default.
 */
export function hostedUiOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  appUrl: string,
): Omit<HostedUiOptions, keyof IdentityOptions> {
  const vars = parseEnv(hostedUiEnvSchema, env);
  const app = appUrl.replace(/\/+$/, '');
  const withApp = (defaults: readonly string[], path: string) => [
    ...new Set([...defaults, app, `${app}${path}`]),
  ];
  const google =
    vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
      ? {
          clientId: vars.GOOGLE_CLIENT_ID,
          clientSecret: vars.GOOGLE_CLIENT_SECRET,
          issuer: vars.GOOGLE_ISSUER,
        }
      : undefined;
  const listenPort = new URL(publicUrl).port;
  return {
    publicUrl,
    port:
      vars.IDENTITY_HOSTED_UI_PORT ?? (listenPort ? Number(listenPort) : HOSTED_UI_DEFAULTS.port),
    redirectUris:
      commaList(vars.IDENTITY_REDIRECT_URIS) ??
      withApp(HOSTED_UI_DEFAULTS.redirectUris, '/callback'),
    logoutUris:
      commaList(vars.IDENTITY_LOGOUT_URIS) ?? withApp(HOSTED_UI_DEFAULTS.logoutUris, '/logout'),
    google,
  };
}

/** Pure: throws an Error naming every bad variable. Empty variables count as unset. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityServerConfig {
  const vars = parseEnv(serverEnvSchema, env);
  return {
    host: vars.HOST,
    port: vars.IDENTITY_PORT,
    logLevel: vars.LOG_LEVEL,
    identity: identityOptionsFromEnv(env, {
      // The standalone server mounts the pool at its root.
      issuer: (poolId) => issuerFor(`http://localhost:${vars.IDENTITY_PORT}`, poolId),
      appUrl: IDENTITY_DEFAULTS.publicUrl,
    }),
  };
}
