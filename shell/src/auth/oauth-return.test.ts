import { AUTH_CALLBACK_TEXT } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { inspectOAuthReturn, oauthReturnProblem } from './oauth-return';

const started = { state: 'state-we-sent', inFlight: true };
const nothingStarted = { state: null, inFlight: false };

describe('inspectOAuthReturn', () => {
  it('leaves the return of the sign-in this browser started to aws-amplify', () => {
    expect(inspectOAuthReturn('?code=c0de&state=state-we-sent', started)).toEqual({
      kind: 'pending',
    });
  });

  it('refuses a state that was never stored or is not the stored one (§5)', () => {
    expect(inspectOAuthReturn('?code=abc&state=xyz', nothingStarted).kind).toBe('unexpected-state');
    expect(inspectOAuthReturn('?code=abc&state=xyz', started).kind).toBe('unexpected-state');
    // The state alone is not enough: aws-amplify only completes a flow it has in flight.
    expect(
      inspectOAuthReturn('?code=abc&state=state-we-sent', { ...started, inFlight: false }).kind,
    ).toBe('unexpected-state');
  });

  it('reports the provider error, its description first', () => {
    expect(inspectOAuthReturn('?error=access_denied', nothingStarted)).toEqual({
      kind: 'provider-error',
      error: 'access_denied',
    });
    expect(
      inspectOAuthReturn('?error=access_denied&error_description=User+said+no&state=s', started),
    ).toEqual({ kind: 'provider-error', error: 'User said no' });
  });

  it('needs both code and state', () => {
    for (const search of ['', '?code=abc', '?state=state-we-sent', '?code=&state=']) {
      expect(inspectOAuthReturn(search, started).kind, search).toBe('missing-parameters');
    }
  });
});

describe('oauthReturnProblem (§8 texts)', () => {
  it('names each failure with the spec text', () => {
    expect(
      oauthReturnProblem(
        { kind: 'provider-error', error: 'access_denied' },
        'unauthenticated',
        null,
      ),
    ).toBe('Authentication failed: access_denied');
    expect(oauthReturnProblem({ kind: 'missing-parameters' }, 'authenticated', null)).toBe(
      AUTH_CALLBACK_TEXT.missingOAuthParameters,
    );
    expect(oauthReturnProblem({ kind: 'unexpected-state' }, 'unauthenticated', null)).toBe(
      'Authentication failed. Please try again.',
    );
  });

  it('waits while a pending return completes, then reports how it failed', () => {
    const pending = { kind: 'pending' } as const;
    expect(oauthReturnProblem(pending, 'loading', null)).toBeNull();
    expect(oauthReturnProblem(pending, 'authenticated', null)).toBeNull();
    expect(oauthReturnProblem(pending, 'unauthenticated', 'invalid_grant')).toBe(
      'Authentication failed: invalid_grant',
    );
    expect(oauthReturnProblem(pending, 'unauthenticated', null)).toBe(AUTH_CALLBACK_TEXT.tryAgain);
  });
});
