import { OAUTH } from '@app/shared/spec';
import type { IdentityService } from '../service';
import { connectGoogle, type GoogleUpstream } from './google-upstream';
import { HOSTED_UI_DEFAULTS, type HostedUiOptions } from './hosted-ui-options';

export interface HostedUiContext {
  service: IdentityService;
  /** Known once the server listens (the port may have been picked by the OS). */
  publicUrl: () => string;
  redirectUris: ReadonlySet<string>;
  logoutUris: ReadonlySet<string>;
  /** Undefined when no Google client is configured. Connected on first use, then cached. */
  google: (() => Promise<GoogleUpstream>) | undefined;
}

/** Scopes the app client may ask for (the spec's list). */
export const ALLOWED_SCOPES: readonly string[] = OAUTH.scopes;

export function createHostedUiContext(
  service: IdentityService,
  options: HostedUiOptions,
  publicUrl: () => string,
): HostedUiContext {
  const googleOptions = options.google;
  let google: Promise<GoogleUpstream> | undefined;
  return {
    service,
    publicUrl,
    redirectUris: new Set(options.redirectUris ?? HOSTED_UI_DEFAULTS.redirectUris),
    logoutUris: new Set(options.logoutUris ?? HOSTED_UI_DEFAULTS.logoutUris),
    google:
      googleOptions === undefined
        ? undefined
        : () => {
            // Discovery needs the network; retry on the next sign-in if it failed.
            google ??= connectGoogle(googleOptions).catch((error: unknown) => {
              google = undefined;
              throw error;
            });
            return google;
          },
  };
}
