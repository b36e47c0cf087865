import { TOKEN_EXPIRY_TOLERANCE_MS } from '@app/shared/spec';
import type { AuthUser } from './auth-user';

/**
 * What aws-amplify keeps in localStorage, read without loading aws-amplify: a signed-out visitor
 * gets the sign-in screen at once, and an offline start still knows who is signed in.
 */
export const SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider';

const keyPrefix = (userPoolClientId: string) => `${SESSION_KEY_PREFIX}.${userPoolClientId}`;

export function lastAuthUserKey(userPoolClientId: string) {
  return `${keyPrefix(userPoolClientId)}.LastAuthUser`;
}

/** What aws-amplify's own local sign-out removes; device keys stay, so the device stays known. */
const SESSION_ITEMS = [
  'accessToken',
  'idToken',
  'refreshToken',
  'clockDrift',
  'signInDetails',
  'oauthMetadata',
] as const;

export function hasStoredSession(userPoolClientId: string, storage: Storage = localStorage) {
  return storage.getItem(lastAuthUserKey(userPoolClientId)) !== null;
}

function decodeClaims(jwt: string): Record<string, unknown> | null {
  try {
    const payload = jwt.split('.')[1] ?? '';
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** One of the signed-in user's session items, as aws-amplify stored it. */
function storedItem(
  userPoolClientId: string,
  item: (typeof SESSION_ITEMS)[number],
  storage: Storage,
): string | null {
  const username = storage.getItem(lastAuthUserKey(userPoolClientId));
  return username && storage.getItem(`${keyPrefix(userPoolClientId)}.${username}.${item}`);
}

/**
 * The stored id token (else access token) while it is still valid, for the API's bearer header
 * (spec §7: the token comes from browser storage). Null when aws-amplify must refresh it first.
 */
export function freshStoredToken(
  userPoolClientId: string,
  now = Date.now(),
  storage: Storage = localStorage,
): string | null {
  // The issuer's time, as aws-amplify judges expiry: a device clock running behind would
  // otherwise send a token the API has already seen expire.
  const issuerNow = now + storedClockDrift(userPoolClientId, storage);
  for (const kind of ['idToken', 'accessToken'] as const) {
    const token = storedItem(userPoolClientId, kind, storage);
    const exp = token ? decodeClaims(token)?.exp : undefined;
    // Spec §9: a token this close to its expiry counts as expired.
    if (token && typeof exp === 'number' && exp * 1000 - TOKEN_EXPIRY_TOLERANCE_MS > issuerNow) {
      return token;
    }
  }
  return null;
}

/** aws-amplify's clockDrift: the issuer's clock minus this device's, in ms, when tokens came. */
function storedClockDrift(userPoolClientId: string, storage: Storage): number {
  const drift = Number.parseInt(storedItem(userPoolClientId, 'clockDrift', storage) || '', 10);
  return Number.isFinite(drift) ? drift : 0;
}

/** The signed-in user as the stored id token describes them (no network needed). */
export function storedUser(
  userPoolClientId: string,
  storage: Storage = localStorage,
): AuthUser | null {
  const username = storage.getItem(lastAuthUserKey(userPoolClientId));
  const idToken = storedItem(userPoolClientId, 'idToken', storage);
  const claims = idToken ? decodeClaims(idToken) : null;
  if (!username || !claims || typeof claims.sub !== 'string') return null;
  return {
    userId: claims.sub,
    username,
    email: typeof claims.email === 'string' ? claims.email : '',
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : '',
  };
}

/**
 * Forgets the stored session the way aws-amplify's local sign-out does, without loading it: used
 * when the API or the identity service has refused the session (spec §4).
 */
export function clearStoredSession(userPoolClientId: string, storage: Storage = localStorage) {
  const username = storage.getItem(lastAuthUserKey(userPoolClientId));
  if (username) {
    for (const item of SESSION_ITEMS) {
      storage.removeItem(`${keyPrefix(userPoolClientId)}.${username}.${item}`);
    }
  }
  storage.removeItem(lastAuthUserKey(userPoolClientId));
}

/** The hosted-UI sign-in this browser started, as aws-amplify keeps it until the return. */
export interface StoredOAuthFlow {
  /** The `state` sent to the hosted UI; the return must carry the same (spec §5). */
  state: string | null;
  inFlight: boolean;
}

export function storedOAuthFlow(
  userPoolClientId: string,
  storage: Storage = localStorage,
): StoredOAuthFlow {
  return {
    state: storage.getItem(`${keyPrefix(userPoolClientId)}.oauthState`),
    inFlight: storage.getItem(`${keyPrefix(userPoolClientId)}.inflightOAuth`) === 'true',
  };
}
