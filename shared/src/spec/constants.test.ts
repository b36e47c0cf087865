import { describe, expect, it } from 'vitest';
import {
  ASPECT_RATIOS,
  AUTH_ENTRY_ROUTES,
  DEFAULT_ASPECT_RATIO,
  MAX_PROFILE_PICTURE_BYTES,
  MAX_UPLOAD_BYTES,
  MODEL_LIMITS,
  canAddModel,
  isClearedOnLogout,
  isUnlimitedModelLimit,
  mediaQuery,
  normalizeModelStatus,
  normalizeSubscriptionStatus,
  showsProUpgradeHint,
  STORAGE_KEY_PREFIX,
} from './constants';

describe('byte limits', () => {
  it('are 10 MiB for uploads and 5 MiB for profile pictures', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_PROFILE_PICTURE_BYTES).toBe(5_242_880);
  });
});

describe('aspect ratios', () => {
  it('keep the picker order with 1:1 Square as the default', () => {
    expect(ASPECT_RATIOS.map((ratio) => ratio.label)).toEqual([
      '1:1 Square',
      '4:5 Portrait',
      '16:9 Landscape',
      '9:16 Vertical',
      '3:2 Photo',
      '5:4 Classic',
    ]);
    expect(DEFAULT_ASPECT_RATIO).toBe(ASPECT_RATIOS[0].value);
  });
});

describe('normalizeModelStatus', () => {
  it.each([
    ['READY', 'ready'],
    ['Training', 'training'],
    ['FAILED', 'failed'],
    ['none', 'none'],
    ['queued', 'none'],
    [undefined, 'none'],
    [42, 'none'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizeModelStatus(raw)).toBe(expected);
  });
});

describe('normalizeSubscriptionStatus', () => {
  it.each([
    ['cancelled', 'canceled'],
    ['canceled', 'canceled'],
    ['past_due', 'past_due'],
    ['TRIALING', 'trialing'],
    ['incomplete', 'none'],
    [null, 'none'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizeSubscriptionStatus(raw)).toBe(expected);
  });
});

describe('model limits', () => {
  it('treats the admin 999 as unlimited and 5 as a real limit', () => {
    expect(isUnlimitedModelLimit(MODEL_LIMITS.admin)).toBe(true);
    expect(isUnlimitedModelLimit(MODEL_LIMITS.pro)).toBe(false);
  });

  it('offers Add Model only below the limit or when unlimited', () => {
    expect(canAddModel(0, 1)).toBe(true);
    expect(canAddModel(1, 1)).toBe(false);
    expect(canAddModel(4, 5)).toBe(true);
    expect(canAddModel(5, 5)).toBe(false);
    expect(canAddModel(1000, 999)).toBe(true);
  });

  it('shows the Pro upsell only on a used-up free account', () => {
    expect(showsProUpgradeHint(1, 1)).toBe(true);
    expect(showsProUpgradeHint(0, 1)).toBe(false);
    expect(showsProUpgradeHint(5, 5)).toBe(false);
  });
});

describe('isClearedOnLogout', () => {
  it.each([
    `${STORAGE_KEY_PREFIX}gallery`,
    'current_user_profile',
    'auth_state',
    'my_token_x',
    'session_id',
    'promptHistory',
    'selectedModelIds',
    'aws-token',
  ])('clears %s', (key) => {
    expect(isClearedOnLogout(key)).toBe(true);
  });

  it.each(['img_cache_abc', 'theme', 'user-settings', 'promptHistoryX'])('keeps %s', (key) => {
    expect(isClearedOnLogout(key)).toBe(false);
  });
});

describe('breakpoints', () => {
  it('builds min-width queries and exclusive max-width queries', () => {
    expect(mediaQuery('sm')).toBe('@media (min-width: 768px)');
    expect(mediaQuery('md', 'down')).toBe('@media (max-width: 991.98px)');
  });
});

describe('AUTH_ENTRY_ROUTES', () => {
  it('is exactly / and /callback', () => {
    expect([...AUTH_ENTRY_ROUTES]).toEqual(['/', '/callback']);
  });
});
