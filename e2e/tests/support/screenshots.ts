import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { E2E_WORK_DIR } from './paths';
import { test, type Locator, type Page } from './test';

/**
 * A screenshot to look at, never compared with anything: the running test's project and `name`,
 * in `e2e/.work/screenshots/<spec>/` (`<spec>` the spec file's name). `focus` is scrolled to the
 * middle of the screen first; `fullPage` takes the whole page, scrolled to its top first so the
 * fixed header and navigation sit where a user sees them.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { focus, fullPage = false }: { focus?: Locator; fullPage?: boolean } = {},
): Promise<void> {
  const { file, project } = test.info();
  const dir = join(E2E_WORK_DIR, 'screenshots', basename(file, '.spec.ts'));
  mkdirSync(dir, { recursive: true });
  await focus?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, `${project.name}-${name}.png`), fullPage });
}
