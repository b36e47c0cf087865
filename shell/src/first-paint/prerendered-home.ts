import { decidedFirstPaint } from './first-paint-decision';
import { PRERENDERED_HOME_ID, PRERENDERED_STYLES_ID } from './first-paint-ids';

/** Whether the page shows the prerendered sign-in card, which the app must take over. */
export function showsPrerenderedSignIn(): boolean {
  // No document while the page itself is prerendered at build time.
  if (typeof document === 'undefined') return false;
  return decidedFirstPaint() === 'sign-in' && document.getElementById(PRERENDERED_HOME_ID) !== null;
}

/** What the visitor typed into the prerendered card before the app took it over. */
export interface CarriedSignInInput {
  username: string;
  password: string;
  focused: 'username' | 'password' | null;
}

const FIELDS = { username: 'username', password: 'current-password' } as const;

/** Read once, by the sign-in form that replaces the prerendered one; null when there is none. */
export function carriedSignInInput(): CarriedSignInInput | null {
  if (!showsPrerenderedSignIn()) return null;
  const container = document.getElementById(PRERENDERED_HOME_ID);
  if (!container) return null;
  const field = (autocomplete: string) =>
    container.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
  const username = field(FIELDS.username);
  const password = field(FIELDS.password);
  const active = document.activeElement;
  return {
    username: username?.value ?? '',
    password: password?.value ?? '',
    focused: active === username ? 'username' : active === password ? 'password' : null,
  };
}

/** Removes the prerendered page: the app has just rendered its own in the same frame. */
export function removePrerenderedHome(): void {
  document.getElementById(PRERENDERED_HOME_ID)?.remove();
  document.getElementById(PRERENDERED_STYLES_ID)?.remove();
}
