import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's test, failing any test in whose pages the browser refused something under the
 * server's Content-Security-Policy: the app must work entirely within it (Chromium reports each
 * refusal as a console error naming the policy). `cspViolations` collects them instead, for a
 * test that provokes one on purpose.
 */
export const test = base.extend<{ cspViolations: string[]; cspGuard: void }>({
  cspViolations: async ({ context }, use) => {
    const violations: string[] = [];
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(violations);
  },
  cspGuard: [
    async ({ cspViolations }, use, testInfo) => {
      await use();
      if (!testInfo.annotations.some(({ type }) => type === 'provokes-csp-violation')) {
        expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
      }
    },
    { auto: true },
  ],
});
