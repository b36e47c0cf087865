import { ApiError } from '@app/shared/api-client';

/**
 * Spec §8 (Models): the failed call's message, or the action's own text. A refusal (4xx) names
 * what went wrong; a server failure or no answer at all (offline, a timeout) gets the action's
 * text, which says more than 'Internal Server Error'.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : fallback;
}
