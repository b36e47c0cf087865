import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('the page a notification opens', () => {
  const origin = 'https://studio.example';

  it('is the path it names, on this origin', () => {
    expect(notificationTarget({ url: '/models' }, origin)).toBe('https://studio.example/models');
    expect(notificationTarget({ url: '/models?from=notification' }, origin)).toBe(
      'https://studio.example/models?from=notification',
    );
  });

  it('is the models page for anything else', () => {
    for (const url of [undefined, 42, 'https://evil.example/', '//evil.example/x', 'models']) {
      expect(notificationTarget({ url }, origin)).toBe('https://studio.example/models');
    }
    expect(notificationTarget(undefined, origin)).toBe('https://studio.example/models');
  });
});
