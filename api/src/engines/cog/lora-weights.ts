import { extract } from 'tar-stream';

/** The file name the FLUX LoRA trainer gives its weights inside its output tar. */
const LORA_FILE = 'lora.safetensors';

/** safetensors: an 8-byte little-endian length, then that many bytes of JSON header. */
function isSafetensors(data: Buffer): boolean {
  if (data.length < 10 || data[8] !== 0x7b) return false;
  const headerLength = data.readBigUInt64LE(0);
  return headerLength > 1n && headerLength <= BigInt(data.length - 8);
}

/** Every `.safetensors` file of a tar, by name. Refuses what is not a tar. */
async function safetensorsIn(tar: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const entries = extract();
  const reading = (async () => {
    for await (const entry of entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file' && entry.header.name.endsWith('.safetensors')) {
        files.set(entry.header.name, Buffer.concat(chunks));
      }
    }
  })();
  entries.end(tar);
  await reading;
  return files;
}

/**
 * The trained LoRA as a predictor loads it by URL: one `.safetensors` file. The trainer answers
 * with a tar of its output folder. replicate/cog-flux's predictor takes a URL only when it ends
 * in `.tar` or has `.safetensors` right before its query, and a signed URL ends in its query, so
 * the weights are taken out of the tar here and kept under a `.safetensors` name. Undefined when
 * the answer holds no weights.
 */
export async function loraSafetensors(weights: Buffer): Promise<Buffer | undefined> {
  if (isSafetensors(weights)) return weights;
  const files = await safetensorsIn(weights).catch(() => new Map<string, Buffer>());
  const named = [...files].find(([name]) => name.split('/').at(-1) === LORA_FILE);
  const [first] = files.values();
  const lora = named?.[1] ?? (files.size === 1 ? first : undefined);
  return lora && isSafetensors(lora) ? lora : undefined;
}
