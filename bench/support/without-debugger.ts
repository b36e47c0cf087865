import type { CDPSession, Page } from 'puppeteer-core';

type Send = CDPSession['send'];

/**
 * Runs `step` with every `Debugger.*` command of the page's DevTools sessions answered here
 * instead of by the browser, so Lighthouse's navigation runs without V8's debugger. With the
 * debugger on, V8 finishes each script deserialised from the code cache by collecting the
 * source positions of all its compiled functions (V8.FinalizeDeserialization), work a visitor's
 * browser never does; docs/performance.md says why (bench/warm-compile-trace.ts prints the traces).
 * Lighthouse then also lacks the async stacks of request initiators (its dependency graph
 * is coarser) and its Scripts artifact; figures taken so are labelled and never replace the
 * standard ones.
 */
export async function withoutDebugger<T>(page: Page, step: () => Promise<T>): Promise<T> {
  const probe = await page.createCDPSession();
  const prototype = Object.getPrototypeOf(probe) as { send: Send };
  await probe.detach();
  const send = prototype.send;
  prototype.send = function (this: CDPSession, ...args: Parameters<Send>) {
    if (args[0].startsWith('Debugger.')) return Promise.resolve({}) as ReturnType<Send>;
    return send.apply(this, args);
  } as Send;
  try {
    return await step();
  } finally {
    prototype.send = send;
  }
}
