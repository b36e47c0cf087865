import { describe, expect, it } from 'vitest';
import {
  authenticationFailed,
  codeDeliveryMessage,
  failedToUpload,
  fileError,
  formatStorageSize,
  filesTooLarge,
  invalidField,
  invalidFileTypes,
  logoutFailed,
  modelLimitReached,
  minutesLeft,
  morePhotosNeeded,
  passwordMinLength,
  photoCount,
  photosReady,
  readyToLabel,
  settingsModeLabel,
  socialButtonLabel,
  startTrainingLabel,
  storageUsage,
  subscriptionChipLabel,
  tooManyPhotos,
  welcomeBack,
  yourModels,
} from './messages';
import * as messages from './messages';

describe('parameterised texts', () => {
  it('word the training dialog as the spec does', () => {
    expect(morePhotosNeeded(3)).toBe('3 more photos needed (minimum 5 required)');
    expect(photosReady(7)).toBe('7 photos ready for training');
    expect(startTrainingLabel(12)).toBe('Start Training (12 photos)');
    expect(tooManyPhotos(23)).toBe(
      "Too many photos. Maximum 20 photos allowed. You're trying to add 23 photos.",
    );
    expect(invalidFileTypes(['a.gif', 'b.heic'])).toBe(
      'Invalid file types: a.gif, b.heic. Only JPEG, PNG, and WebP are supported.',
    );
    expect(filesTooLarge(['big.jpg'])).toBe(
      'Files too large: big.jpg. Maximum size is 10MB per file.',
    );
  });

  it('word the remaining screens as the spec does', () => {
    expect(welcomeBack('Ada')).toBe('Welcome back, Ada!');
    expect(fileError(2, 'File size must be less than 10MB')).toBe(
      'File 2: File size must be less than 10MB',
    );
    expect(failedToUpload('me.png', 'Forbidden')).toBe('Failed to upload me.png: Forbidden');
    expect(authenticationFailed('access_denied')).toBe('Authentication failed: access_denied');
    expect(logoutFailed('bad client')).toBe('Logout failed: bad client');
    expect(passwordMinLength(8)).toBe('Password must have at least 8 characters');
    expect(socialButtonLabel('Google', 'signUp')).toBe('Sign Up with Google');
    expect(socialButtonLabel('Apple', 'signIn')).toBe('Sign In with Apple');
    expect(readyToLabel('edit')).toBe('Ready to Edit');
    expect(settingsModeLabel('generate')).toBe('Text-to-Image');
  });

  it('words the model limit refusal with the Pro hint for free accounts', () => {
    expect(modelLimitReached(1)).toBe('Model limit reached (1). Upgrade to Pro for up to 5 models');
    expect(modelLimitReached(5)).toBe('Model limit reached (5)');
  });

  it('says storage sizes as file managers do', () => {
    expect(formatStorageSize(0)).toBe('0 bytes');
    expect(formatStorageSize(900 * 1024)).toBe('900 KB');
    expect(formatStorageSize(3.42 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatStorageSize(2 * 1024 ** 3)).toBe('2 GB');
    expect(storageUsage(1.25 * 1024 ** 3, 2 * 1024 ** 3)).toBe('Storage: 1.3 GB of 2 GB used');
  });

  it('shows an unlimited model limit as the infinity sign', () => {
    expect(yourModels(1, 1)).toBe('Your Models (1/1)');
    expect(yourModels(3, 5)).toBe('Your Models (3/5)');
    expect(yourModels(12, 999)).toBe('Your Models (12/∞)');
  });

  it('labels subscription chips from raw server values', () => {
    expect(subscriptionChipLabel('trialing')).toBe('Trial');
    expect(subscriptionChipLabel('cancelled')).toBe('Canceled');
    expect(subscriptionChipLabel('past_due')).toBe('Past Due');
    expect(subscriptionChipLabel(undefined)).toBe('No Subscription');
  });

  it('builds the code delivery note per medium', () => {
    expect(codeDeliveryMessage('EMAIL', 'j***@e***.com')).toBe(
      'Your code is on the way. To log in, enter the code we emailed to j***@e***.com. It may take a minute to arrive.',
    );
    expect(codeDeliveryMessage('SMS', '+*******4567')).toBe(
      'Your code is on the way. To log in, enter the code we texted to +*******4567. It may take a minute to arrive.',
    );
    expect(codeDeliveryMessage(undefined)).toBe(
      'Your code is on the way. To log in, enter the code we sent you. It may take a minute to arrive.',
    );
  });
});

describe("the api's words for a refused request field", () => {
  it('name the field and what is wrong with it', () => {
    expect(invalidField('name', { kind: 'tooLong', max: 100, length: 101 })).toBe(
      'name must be at most 100 characters, not 101',
    );
    expect(
      invalidField('photos.0', { kind: 'type', expected: 'an object', received: 'text' }),
    ).toBe('photos.0 must be an object, not text');
    expect(invalidField('photos', { kind: 'tooFewItems', min: 1 })).toBe(
      'photos must not be empty',
    );
    expect(invalidField('sort', { kind: 'notOneOf', values: ['createdAt:desc'] })).toBe(
      'sort must be createdAt:desc',
    );
  });
});

describe('the models page', () => {
  it('counts photos and minutes as people say them', () => {
    expect(photoCount(1)).toBe('1 photo');
    expect(photoCount(6)).toBe('6 photos');
    expect(minutesLeft(59)).toBe('Less than a minute left');
    expect(minutesLeft(61)).toBe('About 2 min left');
    expect(minutesLeft(1200)).toBe('About 20 min left');
  });
});

describe('text catalogue', () => {
  const fixedTexts = Object.values(messages)
    .filter((value): value is Record<string, string> => typeof value === 'object')
    .flatMap((group) => Object.values(group));

  it('holds each fixed text once, so a screen cannot pick the wrong copy', () => {
    const seen = new Set<string>();
    const duplicates = fixedTexts.filter((text) => seen.size === seen.add(text).size);
    expect(duplicates).toEqual([]);
  });

  it('uses straight apostrophes only, as the spec does', () => {
    expect(fixedTexts.filter((text) => /[‘’“”]/.test(text))).toEqual([]);
  });
});
