import { randomBytes } from 'node:crypto';
import { pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { loraSafetensors } from '../../src/engines/cog/lora-weights';
import { fakeSafetensors, trainerOutputTar } from '../support/cog-double';

async function tarOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const tar = pack();
  for (const [name, data] of Object.entries(files)) tar.entry({ name }, data);
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the LoRA weights a Cog trainer answers with', () => {
  it('takes lora.safetensors out of the trainer’s output tar', async () => {
    const lora = fakeSafetensors();
    expect(await loraSafetensors(await trainerOutputTar(lora))).toEqual(lora);
  });

  it('keeps a safetensors file as it is, and takes the only one of a tar by any name', async () => {
    const lora = fakeSafetensors();
    expect(await loraSafetensors(lora)).toBe(lora);
    expect(await loraSafetensors(await tarOf({ 'out/me.safetensors': lora }))).toEqual(lora);
  });

  it('finds no weights in a tar without them, in a broken file or in a fake one', async () => {
    expect(await loraSafetensors(await tarOf({ 'out/config.yaml': 'job: x\n' }))).toBeUndefined();
    expect(await loraSafetensors(randomBytes(2048))).toBeUndefined();
    const notWeights = await tarOf({ 'out/lora.safetensors': randomBytes(64) });
    expect(await loraSafetensors(notWeights)).toBeUndefined();
  });
});
