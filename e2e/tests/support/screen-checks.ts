import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The phone-first bar: touch targets and input text (WCAG 2.5.5, iOS focus zoom). */
export const TOUCH_TARGET_PX = 44;
export const INPUT_TEXT_PX = 16;
/** Spec §9: the header is 40 px high; its controls take all of it. */
const HEADER_HEIGHT_PX = 40;

/** Colours read halfway through a fade-in are not the screen's colours: wait for finite animations. */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * axe-core on the page as it is now: no serious or critical violation. Fluent's focus manager
 * (tabster) leaves focusable, aria-hidden sentinels at the edges of the body once a dialog has
 * been open; focus that lands on one is moved on at once, so axe's aria-hidden-focus on them is
 * not a barrier anyone meets, and they are left out.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  // A transition that starts while axe reads the page (a button re-rendered as data arrives)
  // shows a colour between two states, so a failed read is repeated once it has run its course.
  // A violation of the screen itself is there on every read and still fails. No time limit: one
  // axe run alone can take seconds on a busy two-core machine.
  let serious: string[] = [];
  for (let read = 1; read <= A11Y_READS; read += 1) {
    await animationsSettled(page);
    serious = await seriousA11yViolations(page);
    if (serious.length === 0) return;
  }
  expect(serious, `${screen}: axe violations`).toEqual([]);
}

const A11Y_READS = 3;

async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map(
            (node) =>
              `${node.target.join(' ')} ${node.html.slice(0, 120)} ${node.failureSummary ?? ''}`,
          )
          .join(', ')}`,
    );
}

/**
 * On a touch screen, every visible control is at least 44×44 px (header controls take the
 * header's full 40 px height), and every text field shows its text at 16 px or more. Links inside
 * a sentence are exempt, as WCAG 2.5.8 exempts them. A mouse needs no such room.
 */
export async function expectTouchFriendly(page: Page, screen: string) {
  if (!(await page.evaluate(() => navigator.maxTouchPoints > 0))) return;
  const problems = await page.evaluate(
    ({ target, inputText, headerHeight }) => {
      const found: string[] = [];
      const describe = (element: Element) =>
        `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
      const controls = document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"]',
      );
      for (const control of Array.from(controls)) {
        const style = getComputedStyle(control);
        const own = control.getBoundingClientRect();
        const hidden = own.width === 0 || own.height === 0 || style.visibility === 'hidden';
        if (hidden || control.closest('[aria-hidden="true"], [data-tabster-dummy]')) continue;
        if (control.tagName === 'A' && control.closest('p, label')) continue;
        // A checkbox or radio is hit anywhere on its row, label included.
        const hitArea = control.closest('.fui-Checkbox, .fui-Radio') ?? control;
        const box = hitArea.getBoundingClientRect();
        const minHeight = control.closest('header') ? headerHeight : target;
        if (box.width < target || box.height < minHeight) {
          found.push(`${describe(control)} is ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
        const typed =
          ['TEXTAREA', 'SELECT'].includes(control.tagName) ||
          (control.tagName === 'INPUT' &&
            !['checkbox', 'radio', 'button', 'submit', 'range'].includes(
              (control as HTMLInputElement).type,
            ));
        if (typed && parseFloat(style.fontSize) < inputText) {
          found.push(`${describe(control)} has ${style.fontSize} text`);
        }
      }
      return found;
    },
    { target: TOUCH_TARGET_PX, inputText: INPUT_TEXT_PX, headerHeight: HEADER_HEIGHT_PX },
  );
  expect(problems, `${screen}: controls too small for a thumb`).toEqual([]);
}

/** Both checks, for one screen as it is shown now. */
export async function expectScreenChecks(page: Page, screen: string) {
  await expectNoSeriousA11yViolations(page, screen);
  await expectTouchFriendly(page, screen);
}
