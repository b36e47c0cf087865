import type { Locator, Page } from '@playwright/test';

/** A one-finger horizontal swipe with real touch events (Chromium's input pipeline, via CDP). */
export async function touchSwipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y: from.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x) });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(from.x + (dx * step) / 5),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The same swipe with a mouse (pointer events of a mouse drag). */
export async function mouseSwipe(page: Page, from: { x: number; y: number }, dx: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Emits an event on the app's one bus, as a remote would: the bus module is taken from the Module
 * Federation share scope, where the shell provides it to every remote.
 */
export async function emitOnAppBus(page: Page, event: string, payload: unknown) {
  await page.evaluate(
    async ([name, data]) => {
      type Entry = { lib?: () => unknown; get?: () => Promise<() => unknown> };
      const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__: unknown[] } })
        .__FEDERATION__;
      const shell = federation?.__INSTANCES__[0] as {
        shareScopeMap: { default: Record<string, Record<string, Entry>> };
      };
      const entry = Object.values(shell.shareScopeMap.default['@app/shared/bus'] ?? {})[0];
      if (!entry) throw new Error('the bus is not in the share scope');
      const factory = entry.lib ?? (await entry.get!());
      const module = factory() as { bus: { emit(name: string, data: unknown): void } };
      module.bus.emit(name as string, data);
    },
    [event, payload] as const,
  );
}

/**
 * One stroke through points given as fractions of `target`'s box: a mouse drag, or one finger
 * with real touch events (Chromium's input pipeline, via CDP).
 */
export async function strokeOver(
  page: Page,
  target: Locator,
  points: ReadonlyArray<[number, number]>,
  touch: boolean,
) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const [first, ...rest] = points.map(([fx, fy]) => ({
    x: box.x + fx * box.width,
    y: box.y + fy * box.height,
  }));
  if (!first) return;
  if (!touch) {
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 8 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ ...first, id: 1 }],
  });
  for (const point of rest) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ ...point, id: 1 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
