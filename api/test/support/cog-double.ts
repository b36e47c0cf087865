import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import AdmZip from 'adm-zip';
import sharp from 'sharp';
import { pack } from 'tar-stream';
import { crop } from './replicate-double';

export type CogKind = 'training' | 'prediction';
type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
type Health = 'STARTING' | 'READY' | 'BUSY' | 'SETUP_FAILED' | 'DEFUNCT' | 'UNHEALTHY';

export interface CogDoubleJob {
  id: string;
  kind: CogKind;
  status: Status;
  input: Record<string, unknown>;
  output: unknown;
  error: string | null;
  webhook?: string;
  webhook_events_filter?: string[];
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** Not Cog's: a job the test started "elsewhere" to fill a slot. */
  foreign?: boolean;
}

interface Behaviour {
  trainingMs: number;
  predictionMs: number;
  /** false: jobs wait for `finish(id)`. */
  autoFinish: boolean;
  failWith: string | null;
  /** Concurrent jobs the container takes (`concurrency.max`); one more answers 409. */
  slots: number;
  /** Overrides what /health-check derives from the slots (STARTING, SETUP_FAILED ...). */
  health: Health | null;
  /** Tries after a failed completion webhook (Cog's sender retries with backoff). */
  webhookRetries: number;
  webhookRetryMs: number;
  /**
   * 'data-url' (Cog's default) or 'upload': as a container started with --upload-url, files go
   * to an upload target (this double stands in for it) and the output is their URL.
   */
  files: 'data-url' | 'upload';
}

const DEFAULT_BEHAVIOUR: Behaviour = {
  trainingMs: 300,
  predictionMs: 150,
  autoFinish: true,
  failWith: null,
  slots: 1,
  health: null,
  webhookRetries: 12,
  webhookRetryMs: 100,
  files: 'data-url',
};

const TERMINAL = new Set<Status>(['succeeded', 'failed', 'canceled']);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Cog's documented HTTP API (docs/http.md in replicate/cog), the parts the engine uses, for both
 * the trainer and the predictor: `PUT /predictions/{id}` and `/trainings/{id}` with
 * `Prefer: respond-async` (202; the same id while it runs answers the running job, another id
 * with every slot taken answers 409; Cog keeps nothing once a job ends), `POST …/{id}/cancel`
 * (200, or 404 when not running), `GET /health-check` (READY / BUSY from the slots), completion
 * webhooks (`webhook_events_filter: ["completed"]`) retried after a failed delivery, and files as
 * inputs (data: or http(s) URLs, fetched) and outputs (data URLs).
 *
 * A training fetches its `input_images` zip and answers as the FLUX LoRA trainer does, with Cog's
 * TrainingOutput `{ weights }`: a tar (data URL) of its output folder holding `lora.safetensors`;
 * a prediction fetches its `lora_weights`, and answers with real PNGs made from that training's
 * photos (crops). The predictor is FLUX dev with LoRAs as replicate/cog-flux builds it
 * (`DevLoraPredictor`): it has `image` (image to image) but no `mask`, and Cog drops inputs a
 * predictor does not declare, so an edit comes back repainted whole, at about one megapixel.
 */
export class CogDouble {
  /** Every job the container ran, in order: a second run of one id shows twice. */
  readonly runs: CogDoubleJob[] = [];
  readonly running = new Map<string, CogDoubleJob>();
  readonly deliveries: { id: string; status: Status; answer: number | 'refused' }[] = [];
  readonly canceled: string[] = [];
  readonly requests: string[] = [];
  behaviour: Behaviour = { ...DEFAULT_BEHAVIOUR };
  private readonly photosOfWeights = new Map<string, Buffer[]>();
  private readonly uploads = new Map<string, Buffer>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<CogDouble> {
    const ready: { double?: CogDouble } = {};
    const server = createServer((request, response) => {
      void ready.double?.serve(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ready.double = new CogDouble(server, `http://127.0.0.1:${port}`);
    return ready.double;
  }

  /** The environment that points the app at this double (trainer and predictor alike). */
  env(): Record<string, string> {
    return {
      COG_TRAINER_URL: this.url,
      COG_PREDICTOR_URL: this.url,
      COG_WEBHOOK_SECRET: 'cog-double-webhook-secret-of-32-chars!',
    };
  }

  runsOf(kind: CogKind): CogDoubleJob[] {
    return this.runs.filter((job) => job.kind === kind && !job.foreign);
  }

  /** Takes a slot with a job of someone else's until `release`. */
  occupy(): string {
    const id = `elsewhere-${randomBytes(4).toString('hex')}`;
    const job = this.newJob(id, 'prediction', {});
    job.foreign = true;
    this.running.set(id, job);
    return id;
  }

  release(id: string): void {
    this.running.delete(id);
  }

  /** Finishes a running job (with `autoFinish: false`). */
  async finish(id: string): Promise<void> {
    const job = this.running.get(id);
    if (!job) throw new Error(`no running job ${id}`);
    await this.complete(job);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', this.url).pathname;
    this.requests.push(`${request.method} ${path}`);
    const reply = (status: number, body?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    try {
      const body = await readBody(request);
      if (request.method === 'GET' && path === '/health-check') {
        const full = this.running.size >= this.behaviour.slots;
        return reply(200, {
          status: this.behaviour.health ?? (full ? 'BUSY' : 'READY'),
          setup: { status: 'succeeded' },
        });
      }
      const upload = /^\/uploads\/([\w.-]+)$/.exec(path);
      if (request.method === 'GET' && upload) {
        const file = this.uploads.get(upload[1]!);
        if (!file) return reply(404, { detail: 'Not Found' });
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(file);
        return;
      }
      const match = /^\/(prediction|training)s\/([^/]+)(\/cancel)?$/.exec(path);
      if (!match) return reply(404, { detail: 'Not Found' });
      const [, kind, encoded, cancel] = match as unknown as [string, CogKind, string, string?];
      const id = decodeURIComponent(encoded);
      if (cancel && request.method === 'POST') return reply(...(await this.cancel(id)));
      if (cancel || request.method !== 'PUT') return reply(405, { detail: 'Method Not Allowed' });
      if (request.headers.prefer !== 'respond-async') {
        return reply(400, { detail: 'this double answers asynchronously only' });
      }
      return reply(...(await this.put(kind, id, JSON.parse(body.toString('utf8')))));
    } catch (error) {
      reply(500, { detail: String(error) });
    }
  }

  private async put(
    kind: CogKind,
    id: string,
    body: Record<string, unknown>,
  ): Promise<[number, unknown]> {
    const existing = this.running.get(id);
    if (existing) return [202, this.view(existing)];
    if (this.running.size >= this.behaviour.slots) {
      return [409, { detail: 'Already running a prediction' }];
    }
    const input = (body.input ?? {}) as Record<string, unknown>;
    const job = this.newJob(id, kind, input);
    if (typeof body.webhook === 'string') job.webhook = body.webhook;
    if (Array.isArray(body.webhook_events_filter)) {
      job.webhook_events_filter = body.webhook_events_filter as string[];
    }
    const make = kind === 'training' ? await this.training(input) : await this.prediction(input);
    if (typeof make === 'string') return [422, { detail: make }];
    this.running.set(id, job);
    this.runs.push(job);
    this.later(10, async () => {
      if (job.status !== 'starting') return;
      job.status = 'processing';
      job.started_at = new Date().toISOString();
    });
    const ms = kind === 'training' ? this.behaviour.trainingMs : this.behaviour.predictionMs;
    const failWith = this.behaviour.failWith;
    this.outputs.set(id, async () => {
      if (failWith) job.error = failWith;
      else job.output = await make();
      await this.settle(job, failWith ? 'failed' : 'succeeded');
    });
    if (this.behaviour.autoFinish) this.later(ms, () => this.complete(job));
    return [202, this.view(job)];
  }

  private readonly outputs = new Map<string, () => Promise<void>>();

  private async training(
    input: Record<string, unknown>,
  ): Promise<string | (() => Promise<unknown>)> {
    const zip = await this.file(input.input_images);
    if (!zip || typeof input.trigger_word !== 'string') {
      return 'input_images (a zip URL) and trigger_word are required';
    }
    const photos = new AdmZip(zip)
      .getEntries()
      .filter((entry) => /\.(jpe?g|png|webp)$/i.test(entry.entryName))
      .map((entry) => entry.getData());
    return async () => {
      const lora = fakeSafetensors();
      this.photosOfWeights.set(sha(lora), photos);
      const tar = await trainerOutputTar(lora);
      return { weights: `data:application/x-tar;base64,${tar.toString('base64')}` };
    };
  }

  private async prediction(
    input: Record<string, unknown>,
  ): Promise<string | (() => Promise<unknown>)> {
    for (const url of [input.lora_weights, input.extra_lora]) {
      if (url !== undefined && !loadableWeightsUrl(url)) {
        return 'URL must end with either .tar or .safetensors';
      }
    }
    const weights = await this.file(input.lora_weights);
    const photos = weights && this.photosOfWeights.get(sha(weights));
    if (!photos || typeof input.prompt !== 'string') {
      return 'lora_weights (trained weights) and prompt are required';
    }
    if (input.extra_lora !== undefined) {
      const extra = await this.file(input.extra_lora);
      if (!extra || !this.photosOfWeights.has(sha(extra))) return 'extra_lora could not be loaded';
    }
    const count = input.num_outputs ?? 1;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 4) {
      return 'num_outputs must be an integer from 1 to 4';
    }
    const image = await this.file(input.image);
    if (input.image !== undefined && !image) return 'image must be a file URL';
    return async () => {
      const seed = typeof input.seed === 'number' ? input.seed : 0;
      const urls: string[] = [];
      for (let output = 0; output < count; output += 1) {
        const photo = photos[(seed + output) % photos.length]!;
        const png = image ? await repaint(image, photo) : await crop(photo, input);
        urls.push(this.fileOutput(png));
      }
      return urls;
    };
  }

  private fileOutput(png: Buffer): string {
    if (this.behaviour.files === 'data-url')
      return `data:image/png;base64,${png.toString('base64')}`;
    const name = `${randomBytes(8).toString('hex')}.png`;
    this.uploads.set(name, png);
    return `${this.url}/uploads/${name}`;
  }

  /** A file input as Cog resolves one: a data URL's bytes, or an http(s) URL fetched. */
  private async file(value: unknown): Promise<Buffer | undefined> {
    if (typeof value !== 'string') return undefined;
    const data = /^data:[^,]*;base64,/.exec(value);
    if (data) return Buffer.from(value.slice(data[0].length), 'base64');
    if (!/^https?:/.test(value)) return undefined;
    const response = await fetch(value);
    return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
  }

  private async cancel(id: string): Promise<[number, unknown]> {
    const job = this.running.get(id);
    if (!job) return [404, { detail: 'Not Found' }];
    this.canceled.push(id);
    await this.settle(job, 'canceled');
    return [200, {}];
  }

  private async complete(job: CogDoubleJob): Promise<void> {
    if (TERMINAL.has(job.status)) return;
    await this.outputs.get(job.id)?.();
  }

  /** Ends the job (Cog forgets it: a new PUT of its id starts again) and reports it. */
  private async settle(job: CogDoubleJob, status: Status): Promise<void> {
    job.status = status;
    job.completed_at = new Date().toISOString();
    this.running.delete(job.id);
    const wanted = !job.webhook_events_filter || job.webhook_events_filter.includes('completed');
    if (job.webhook && wanted) void this.deliver(job, this.behaviour.webhookRetries);
  }

  private async deliver(job: CogDoubleJob, retries: number): Promise<void> {
    let answer: number | 'refused';
    try {
      const response = await fetch(job.webhook!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(this.view(job)),
      });
      await response.arrayBuffer();
      answer = response.status;
    } catch {
      answer = 'refused';
    }
    this.deliveries.push({ id: job.id, status: job.status, answer });
    const failed = answer === 'refused' || answer >= 500 || answer === 429;
    if (failed && retries > 0) {
      this.later(this.behaviour.webhookRetryMs, () => this.deliver(job, retries - 1));
    }
  }

  private newJob(id: string, kind: CogKind, input: Record<string, unknown>): CogDoubleJob {
    return {
      id,
      kind,
      status: 'starting',
      input,
      output: null,
      error: null,
      created_at: new Date().toISOString(),
      started_at: null,
      completed_at: null,
    };
  }

  private view(job: CogDoubleJob): Record<string, unknown> {
    const { foreign: _foreign, kind: _kind, ...view } = job;
    return view;
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }
}

/** Image to image at `megapixels: "1"`: the whole picture repainted (here: from the photo). */
async function repaint(image: Buffer, photo: Buffer): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const scale = Math.sqrt(1_000_000 / (width * height));
  const side = (length: number) => Math.max(16, Math.round((length * scale) / 16) * 16);
  return sharp(photo).rotate().resize(side(width), side(height), { fit: 'cover' }).png().toBuffer();
}

/** A safetensors file of random weights: its header, then the bytes. */
export function fakeSafetensors(): Buffer {
  const header = Buffer.from(JSON.stringify({ __metadata__: { format: 'pt' } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header, randomBytes(256)]);
}

/** The trainer's output folder as a tar, as it returns it. */
export async function trainerOutputTar(lora: Buffer): Promise<Buffer> {
  const tar = pack();
  tar.entry({ name: 'output/flux_train_replicate/config.yaml' }, 'job: extension\n');
  tar.entry({ name: 'output/flux_train_replicate/lora.safetensors' }, lora);
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The weights URLs replicate/cog-flux loads (weights.py): any other fails the prediction. */
function loadableWeightsUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  return (
    url.startsWith('data:') ||
    url.endsWith('.tar') ||
    url.endsWith('.safetensors') ||
    url.includes('.safetensors?')
  );
}
