/** The environment of one product instance under test, on its own port and data directory. */
export function productEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every test signs its users up from this one address.
    IDENTITY_MAIL_REQUESTS_PER_SOURCE_PER_HOUR: '100000',
  };
}

/**
 * Where an instance's hosted UI listens when it offers Google: its own port, derived from the
 * instance's, so several instances can run at once.
 */
export function hostedUiDomain(port: number): string {
  return `localhost:${port + 1000}`;
}
