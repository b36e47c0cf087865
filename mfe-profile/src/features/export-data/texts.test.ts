import { ApiError } from '@app/shared/api-client';
import { API_TEXT } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { downloadFailureMessage, EXPORT_DATA_TEXT } from './texts';

describe('the data download', () => {
  it("says when the hour's exports are used up, and otherwise to check the connection", () => {
    const limited = new ApiError(429, API_TEXT.tooManyRequests, 'TooManyRequests', {});
    expect(downloadFailureMessage(limited)).toBe(API_TEXT.tooManyRequests);
    expect(downloadFailureMessage(new ApiError(500, 'boom', 'Internal', {}))).toBe(
      EXPORT_DATA_TEXT.failed,
    );
    expect(downloadFailureMessage(new TypeError('Failed to fetch'))).toBe(EXPORT_DATA_TEXT.failed);
  });
});
