import { join } from 'node:path';
import { expect, test, type Page } from './support/test';
import { ownCopiesOfSingletons } from './support/own-copies';
import { REPO_ROOT } from './support/paths';
import { signInNewUser } from './support/session';

const REMOTES = [
  { route: '/dashboard', testId: 'remote-gallery', tab: 'Home', dir: 'mfe-gallery' },
  { route: '/generate', testId: 'remote-generate', tab: 'Generate', dir: 'mfe-generate' },
  { route: '/models', testId: 'remote-models', tab: 'Models', dir: 'mfe-models' },
  { route: '/profile', testId: 'remote-profile', tab: 'Profile', dir: 'mfe-profile' },
] as const;

/** What the page sent to the API and what went wrong, from now on. */
function watch(page: Page) {
  const unauthenticated: string[] = [];
  let apiRequests = 0;
  const errors: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    apiRequests += 1;
    if (!/^Bearer \S+/.test(request.headers().authorization ?? '')) {
      unauthenticated.push(`${request.method()} ${pathname}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return {
    get apiRequests() {
      return apiRequests;
    },
    unauthenticated,
    singletonErrors: () =>
      errors.filter((text) => /loaded twice|before configureApiClient/.test(text)),
  };
}

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
    '@app/shared/navigation',
    '@app/shared/bus',
    '@app/shared/api-client',
  ]) {
    const versions = Object.values(scope[pkg] ?? {});
    expect(versions, `${pkg} is in the share scope exactly once`).toHaveLength(1);
    expect(versions[0]!.from, `${pkg} comes from the shell`).toBe('shell');
  }
});

test('no remote build carries its own copy of a singleton', () => {
  for (const { dir } of REMOTES) {
    expect(ownCopiesOfSingletons(join(REPO_ROOT, dir, 'dist')), dir).toEqual([]);
  }
});

for (const first of REMOTES) {
  test(`${first.route} opened first by its address, then every other remote: one configured API client`, async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    const seen = watch(page);
    await page.goto(first.route);
    // Generate reads the profile, finds no ready model and sends the user on to the models page.
    const shown = first.route === '/generate' ? 'remote-models' : first.testId;
    await expect(page.getByTestId(shown)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const next of REMOTES) {
      // Generate's tab stays disabled until a model is ready (spec §2).
      if (next === first || next.route === '/generate') continue;
      await nav.getByRole('button', { name: next.tab }).click();
      await expect(page.getByTestId(next.testId)).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(seen.apiRequests, 'the profile was read').toBeGreaterThan(0);
    expect(seen.unauthenticated, 'API requests without the bearer token').toEqual([]);
    expect(seen.singletonErrors()).toEqual([]);
  });
}
