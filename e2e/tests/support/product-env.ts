/**
 * The environment of one product instance under test. Each instance gets its own hosted-UI port
 * (the identity service listens on the port of its OAuth domain), so several can run at once.
 */
export function productEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    COGNITO_OAUTH_DOMAIN: `localhost:${port + 1000}`,
  };
}
