import { describe, expect, it } from 'vitest';
import { previewsInTurn } from './photo-preview';

/** A preview maker whose every call waits until the test finishes it. */
function scripted() {
  const calls: Array<{ file: Blob; finish: (blob?: Blob) => void; fail: () => void }> = [];
  let running = 0;
  let mostAtOnce = 0;
  const make = (file: Blob) =>
    new Promise<Blob | undefined>((resolve, reject) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = () => (running -= 1);
      calls.push({
        file,
        finish: (blob) => (done(), resolve(blob)),
        fail: () => (done(), reject(new Error('cannot decode'))),
      });
    });
  return { calls, make, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const photo = (name: string) => new Blob([name], { type: 'image/jpeg' });

describe('previewsInTurn', () => {
  it('decodes one photo at a time, in the order asked', async () => {
    const script = scripted();
    const inTurn = previewsInTurn(script.make);
    const signal = new AbortController().signal;
    const [a, b, c] = [photo('a'), photo('b'), photo('c')];
    const results = [inTurn(a, signal), inTurn(b, signal), inTurn(c, signal)];
    await settle();
    expect(script.calls.map((call) => call.file)).toEqual([a]);

    const small = photo('small a');
    script.calls[0]!.finish(small);
    await expect(results[0]).resolves.toBe(small);
    await settle();
    expect(script.calls.map((call) => call.file)).toEqual([a, b]);

    // A photo that cannot be decoded does not hold up the next one.
    script.calls[1]!.fail();
    await expect(results[1]).rejects.toThrow('cannot decode');
    await settle();
    expect(script.calls.map((call) => call.file)).toEqual([a, b, c]);
    script.calls[2]!.finish(undefined);
    await expect(results[2]).resolves.toBeUndefined();
    expect(script.mostAtOnce()).toBe(1);
  });

  it('never decodes a photo dropped before its turn', async () => {
    const script = scripted();
    const inTurn = previewsInTurn(script.make);
    const dropped = new AbortController();
    const first = inTurn(photo('a'), new AbortController().signal);
    const second = inTurn(photo('b'), dropped.signal);
    const third = inTurn(photo('c'), new AbortController().signal);
    dropped.abort();
    await settle();
    script.calls[0]!.finish(photo('small a'));
    await first;
    await expect(second).resolves.toBeUndefined();
    await settle();
    expect(script.calls).toHaveLength(2);
    script.calls[1]!.finish(photo('small c'));
    await expect(third).resolves.toBeInstanceOf(Blob);
  });
});
