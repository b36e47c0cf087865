import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's toast that shows `text` (its live region, which is not the toast, left out). */
export const toastOf = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text });

/**
 * Runs `show`, holds the toast it brings on screen (a pointer resting on it pauses its timer) and
 * checks that it covers none of `clear` (the header, the bottom navigation, the page's heading,
 * its buttons and its primary action, ui-quality.md) where they are on screen. On a loaded machine
 * the toast's 3 s can run out before the pointer reaches it; then `show` runs again.
 */
export async function holdToastClearOf(
  toast: Locator,
  show: () => Promise<void>,
  clear: Record<string, Locator>,
) {
  let box = { x: 0, y: 0, width: 0, height: 0 };
  await expect(async () => {
    if (!(await toast.isVisible())) await show();
    await toast.hover({ timeout: 5_000 });
    // Where it rests once its entrance has run (the box moves while it slides in).
    box = (await toast.boundingBox({ timeout: 1_000 }))!;
    await expect
      .poll(async () => {
        const now = (await toast.boundingBox({ timeout: 1_000 }))!;
        const still = now.x === box.x && now.y === box.y;
        box = now;
        return still;
      })
      .toBe(true);
    await expect(toast).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  for (const [name, locator] of Object.entries(clear)) {
    const other = await locator.boundingBox();
    if (!other) continue;
    const overlaps =
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    expect(overlaps, `the toast covers ${name}`).toBe(false);
  }
}
