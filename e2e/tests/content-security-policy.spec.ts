import { expect, test } from './support/test';

test(
  'a script injected into the page does not run, and the browser says why',
  { annotation: { type: 'provokes-csp-violation' } },
  async ({ page, cspViolations }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.join('\n')).toMatch(/inline script/);
  },
);
