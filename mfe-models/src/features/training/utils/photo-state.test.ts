import { describe, expect, it } from 'vitest';
import { countsTowardTraining, isPending, photoState } from './photo-state';

describe('photoState', () => {
  it('follows the upload first', () => {
    expect(photoState({ status: 'queued', progress: 0 }, undefined)).toEqual({ kind: 'queued' });
    expect(photoState({ status: 'uploading', progress: 0.4 }, 'ok')).toEqual({
      kind: 'uploading',
      progress: 0.4,
    });
    expect(photoState({ status: 'failed', progress: 0, error: 'Network' }, undefined)).toEqual({
      kind: 'failed',
      error: 'Network',
    });
  });

  it('then the server’s check of the uploaded photo', () => {
    expect(photoState({ status: 'done', progress: 1 }, undefined)).toEqual({ kind: 'checking' });
    expect(photoState(undefined, 'pending')).toEqual({ kind: 'checking' });
    expect(photoState(undefined, null)).toEqual({ kind: 'unchecked' });
    expect(photoState(undefined, 'ok')).toEqual({ kind: 'ok' });
    expect(photoState(undefined, 'no-face')).toEqual({ kind: 'problem', problem: 'no-face' });
  });
});

describe('countsTowardTraining and isPending', () => {
  it('counts only photos known to be usable', () => {
    expect(countsTowardTraining({ kind: 'failed', error: '' })).toBe(false);
    expect(countsTowardTraining({ kind: 'problem', problem: 'too-blurry' })).toBe(false);
    expect(countsTowardTraining({ kind: 'checking' })).toBe(false);
    expect(countsTowardTraining({ kind: 'uploading', progress: 0.5 })).toBe(false);
    expect(countsTowardTraining({ kind: 'ok' })).toBe(true);
    expect(countsTowardTraining({ kind: 'unchecked' })).toBe(true);
  });

  it('holds photos on their way up or being checked as pending', () => {
    expect(isPending({ kind: 'queued' })).toBe(true);
    expect(isPending({ kind: 'uploading', progress: 0.5 })).toBe(true);
    expect(isPending({ kind: 'checking' })).toBe(true);
    expect(isPending({ kind: 'ok' })).toBe(false);
    expect(isPending({ kind: 'failed', error: '' })).toBe(false);
  });
});
