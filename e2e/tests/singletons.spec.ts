import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/session';

test('remotes run on the shell’s singletons, one copy each', async ({ page, baseURL }) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [tab, testId] of [
    ['Models', 'remote-models'],
    ['Profile', 'remote-profile'],
  ] as const) {
    await nav.getByRole('button', { name: tab }).click();
    await expect(page.getByTestId(testId)).toBeVisible();
  }

  // The federation runtime's share scope: package -> version -> who provided it, who uses it.
  const scope = await page.evaluate(() => {
    const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__: unknown[] } })
      .__FEDERATION__;
    const shell = federation?.__INSTANCES__[0] as {
      shareScopeMap: { default: Record<string, Record<string, { from: string }>> };
    };
    const result: Record<string, Record<string, { from: string }>> = {};
    for (const [pkg, versions] of Object.entries(shell.shareScopeMap.default)) {
      result[pkg] = {};
      for (const [version, info] of Object.entries(versions))
        result[pkg][version] = { from: info.from };
    }
    return result;
  });

  // Same versions collapse into one entry; the shell's copy must be the one every app got.
  for (const pkg of [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'react-router-dom',
    '@app/shared/bus',
    '@app/shared/api-client',
  ]) {
    const versions = Object.values(scope[pkg] ?? {});
    expect(versions, `${pkg} is in the share scope exactly once`).toHaveLength(1);
    expect(versions[0]!.from, `${pkg} comes from the shell`).toBe('shell');
  }
});
