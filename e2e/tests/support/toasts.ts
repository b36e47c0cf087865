import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's toast that shows `text` (its live region, which is not the toast, left out). */
export const toastOf = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text });

/**
 * Holds the toast on screen (a pointer resting on it pauses its timer) once it has arrived, and
 * checks that it covers none of `clear` (the header, the bottom navigation, the page's heading,
 * its buttons and its primary action, ui-quality.md) where they are on screen.
 */
export async function holdToastClearOf(toast: Locator, clear: Record<string, Locator>) {
  await expect(toast).toBeVisible();
  await toast.hover();
  // Where it rests once its entrance has run (the box moves while it slides in).
  let box = (await toast.boundingBox())!;
  await expect
    .poll(async () => {
      const now = (await toast.boundingBox())!;
      const still = now.x === box.x && now.y === box.y;
      box = now;
      return still;
    })
    .toBe(true);
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
