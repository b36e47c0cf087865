import { expect, type Locator, type Page } from '@playwright/test';

const CONTROLS =
  'a[href], button, input:not([type="hidden"]):not([type="file"]), select, textarea, ' +
  '[role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="slider"], ' +
  '[role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
/** Groups whose members are reached with the arrow keys once the group has focus (WAI-ARIA APG). */
const ROVING_GROUPS = '[role="radiogroup"], [role="tablist"], [role="toolbar"], [role="menu"]';
const MARK = 'data-keyboard-check';
const GROUP_MARK = 'data-keyboard-group';
const MARK_NAMES = { mark: MARK, groupMark: GROUP_MARK };

/**
 * Every visible, enabled control of the screen — of the open dialog, when one is open — is
 * reached with Tab alone. A control inside a radio group, tab list, toolbar or menu counts as
 * reached when its group is, since the arrow keys move within it.
 */
export async function expectKeyboardReachable(page: Page, screen: string) {
  const total = await page.evaluate(
    ({ controls, groups, mark, groupMark }) => {
      const shown = (element: Element) => {
        const box = element.getBoundingClientRect();
        // checkVisibility also sees what a closed <details> hides (content-visibility).
        const visible = element.checkVisibility({ visibilityProperty: true });
        return visible && box.width > 0 && box.height > 0;
      };
      const dialogs = Array.from(
        document.querySelectorAll('[role="dialog"], [role="alertdialog"]'),
      );
      const scope = dialogs.filter(shown).pop() ?? document.body;
      Array.from(document.querySelectorAll(`[${mark}]`)).forEach((element) => {
        element.removeAttribute(mark);
        element.removeAttribute(groupMark);
      });
      const groupKeys = new Map<Element, string>();
      let count = 0;
      for (const control of Array.from(scope.querySelectorAll(controls))) {
        const disabled =
          (control as HTMLButtonElement).disabled ||
          control.getAttribute('aria-disabled') === 'true';
        const outOfReach = control.closest('[aria-hidden="true"], [inert], [data-tabster-dummy]');
        if (disabled || outOfReach || !shown(control)) continue;
        control.setAttribute(mark, String(count));
        // Native radios of one name are one Tab stop as well.
        const group = control.closest(groups);
        const radioName = control.matches('input[type="radio"]') && control.getAttribute('name');
        if (group && !groupKeys.has(group)) groupKeys.set(group, `group-${count}`);
        const key = group ? groupKeys.get(group) : radioName ? `radio-${radioName}` : null;
        if (key) control.setAttribute(groupMark, key);
        count += 1;
      }
      return count;
    },
    { controls: CONTROLS, groups: ROVING_GROUPS, mark: MARK, groupMark: GROUP_MARK },
  );

  // A person's window has the focus; a page behind another (a download, a second tab) gets no
  // keys at all.
  await page.bringToFront();
  // Put back afterwards: the walk's focus ring is not part of the screen the test goes on with.
  const focusedBefore = await page.evaluateHandle(() => document.activeElement);
  const reached = new Set<string>();
  const reachedGroups = new Set<string>();
  const focusedAlong = new Set<string>();
  // The walk starts on the first control in the tab order and goes forward, so it never has to
  // wrap from the page's last control to its first: that wrap passes through the browser's own
  // chrome, and once in CI focus never came back from there (every further Tab press landed
  // nowhere). From the first control, Tab must reach every other one before the end.
  const first = await page.evaluate(({ mark, groupMark }) => {
    const control = Array.from(document.querySelectorAll<HTMLElement>(`[${mark}]`)).find(
      (candidate) => candidate.tabIndex >= 0,
    );
    control?.focus();
    if (!control || document.activeElement !== control) return null;
    return { control: control.getAttribute(mark)!, group: control.getAttribute(groupMark) };
  }, MARK_NAMES);
  if (first) reached.add(first.control);
  if (first?.group) reachedGroups.add(first.group);
  for (let press = 0; press < total * 2 + 10; press += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      ({ mark, groupMark }) => {
        const active = document.activeElement;
        const control = active?.closest(`[${mark}]`);
        return {
          control: control?.getAttribute(mark) ?? null,
          group: control?.getAttribute(groupMark) ?? null,
          where: `${active?.tagName.toLowerCase() ?? 'none'} "${(active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim().slice(0, 30)}"${document.hasFocus() ? '' : ' (page without focus)'}`,
        };
      },
      { mark: MARK, groupMark: GROUP_MARK },
    );
    focusedAlong.add(focused.where);
    if (focused.control) reached.add(focused.control);
    if (focused.group) reachedGroups.add(focused.group);
    if (reached.size === total) break;
  }

  const missed = await page.evaluate(
    ({ reached, reachedGroups, mark, groupMark }) =>
      Array.from(document.querySelectorAll(`[${mark}]`))
        .filter((control) => !reached.includes(control.getAttribute(mark)!))
        .filter((control) => {
          const group = control.getAttribute(groupMark);
          return !(group && reachedGroups.includes(group));
        })
        .map(
          (control) =>
            `<${control.tagName.toLowerCase()}${control.getAttribute('type') ? ` type=${control.getAttribute('type')}` : ''}> "${(control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.textContent ?? '').trim().slice(0, 40)}"`,
        ),
    {
      reached: [...reached],
      reachedGroups: [...reachedGroups],
      mark: MARK,
      groupMark: GROUP_MARK,
    },
  );
  expect(
    missed,
    `${screen}: controls Tab never reaches (focus went to: ${[...focusedAlong].join(', ')})`,
  ).toEqual([]);
  await focusedBefore.evaluate((before) => {
    if (before instanceof HTMLElement && before !== document.body && before.isConnected) {
      before.focus();
    } else if (document.activeElement instanceof HTMLElement) {
      document.activeElement.blur();
    }
  });
  await focusedBefore.dispose();
}

/** A dialog closed by `close` hands focus back to the control that opened it. */
export async function expectFocusReturns(
  opener: Locator,
  dialog: Locator,
  close: () => Promise<void>,
) {
  await close();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
