import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import AdmZip from 'adm-zip';
import sharp from 'sharp';

const DOUBLE_TOKEN = 'r8_test_double';
export const DOUBLE_OWNER = 'studio-test';
const TRAINER = {
  owner: 'ostris',
  name: 'flux-dev-lora-trainer',
  version: 'e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497',
};

/** The public upscaler the api pins by default (REPLICATE_UPSCALER_VERSION). */
export const UPSCALER = {
  model: 'nightmareai/real-esrgan',
  version: 'f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa',
};

/**
 * The official image-editing model the api runs by name for previews (REPLICATE_PREVIEW_MODEL):
 * an official model's predictions show no version.
 */
export const PREVIEW_MODEL = { model: 'black-forest-labs/flux-kontext-pro', version: 'hidden' };

/** FLUX.1 Kontext's documented inputs and their allowed values. */
const KONTEXT_INPUTS = new Set([
  'prompt',
  'input_image',
  'aspect_ratio',
  'output_format',
  'safety_tolerance',
  'prompt_upsampling',
  'seed',
]);
const KONTEXT_ASPECT_RATIOS = new Set(
  'match_input_image 1:1 16:9 9:16 4:3 3:4 3:2 2:3 4:5 5:4 21:9 9:21 2:1 1:2'.split(' '),
);
const KONTEXT_IMAGE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Kontext's outputs are about a megapixel; the double's a third of that, to stay quick. */
const KONTEXT_OUTPUT_AREA = 512 * 640;

type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** A training or a prediction, in the shape `GET /v1/trainings/{id}` (`/predictions/{id}`) has. */
export interface DoubleJob {
  id: string;
  kind: 'training' | 'prediction';
  status: Status;
  model: string;
  version: string;
  input: Record<string, unknown>;
  output: unknown;
  error: string | null;
  logs: string;
  webhook?: string;
  webhook_events_filter?: string[];
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  urls: { get: string; cancel: string };
}

interface WebhookDelivery {
  jobId: string;
  status: Status;
  answer: number;
}

interface StoredFile {
  id: string;
  data: Buffer;
  contentType: string;
  /** The file object of one uploaded through the files API (not a prediction's output). */
  object?: Record<string, unknown>;
}

/** What the next jobs do; tests change it between steps. */
interface Behaviour {
  /** Time from creation to the terminal state. */
  trainingMs: number;
  predictionMs: number;
  /** Time from creation to the terminal state of a prediction of the preview model. */
  previewMs: number;
  /** false: jobs stay 'processing' until `finish(id)` (a training that takes hours). */
  autoFinish: boolean;
  /** 'drop': the webhook never reaches the app (wrong public URL, a proxy in front ...). */
  webhooks: 'deliver' | 'drop';
  /** Replicate may repeat a delivery: send each this many times. */
  deliveries: number;
  /** The next jobs fail with this provider error. */
  failWith: string | null;
  /** The next predictions of the preview model fail with this provider error. */
  previewsFailWith: string | null;
  /** The next trainings fail with this provider error. */
  trainingsFailWith: string | null;
  /** The next `count` POSTs (creates, uploads) are answered with this HTTP status. */
  refusePosts: { status: number; count: number } | null;
  /** Entries per page of `GET /v1/trainings` and `/v1/predictions` (Replicate: 100). */
  pageSize: number;
}

const DEFAULT_BEHAVIOUR: Behaviour = {
  trainingMs: 300,
  predictionMs: 150,
  previewMs: 150,
  autoFinish: true,
  webhooks: 'deliver',
  deliveries: 1,
  failWith: null,
  previewsFailWith: null,
  trainingsFailWith: null,
  refusePosts: null,
  pageSize: 100,
};

const TERMINAL = new Set<Status>(['succeeded', 'failed', 'canceled']);

/** The sizes flux-dev-lora uses for each aspect ratio (about one megapixel, scaled down here). */
const ASPECT_SIZES: Record<string, [number, number]> = {
  '1:1': [512, 512],
  '4:5': [512, 640],
  '5:4': [640, 512],
  '16:9': [912, 512],
  '9:16': [512, 912],
  '3:2': [768, 512],
  '2:3': [512, 768],
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const hex64 = () => randomBytes(32).toString('hex');

/**
 * Replicate's documented HTTP API, the parts the engine uses, for the real `replicate` client:
 * models (get, create, delete; a model's versions: list, delete), files (multipart upload,
 * authenticated download, get, delete, and the account's list in cursor pages), trainings and
 * predictions (create by version or, for an official model, by name; get, cancel, and the
 * account's list: newest first, in cursor pages
 * `{next, previous, results}` of the documented fields, which leave out the webhook), the default
 * webhook secret, public output file URLs, and
 * webhooks signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the `whsec_` secret).
 *
 * A training unzips its `input_images`; the upscaler (`UPSCALER`) answers with the uploaded
 * image resized by `scale`; the official preview model, run by name (`PREVIEW_MODEL`), with its
 * input photo at the requested aspect ratio; a prediction of a trained version answers with a real
 * image made from that training's photos (a crop at the requested aspect ratio; for an edit, the
 * uploaded image with the masked region taken from a photo), so identity scores are real.
 */
export class ReplicateDouble {
  readonly secret = `whsec_${randomBytes(24).toString('base64')}`;
  readonly jobs = new Map<string, DoubleJob>();
  readonly models = new Map<string, { owner: string; name: string; versions: string[] }>();
  readonly files = new Map<string, StoredFile>();
  readonly deliveries: WebhookDelivery[] = [];
  readonly canceled: string[] = [];
  /** Every request as `METHOD /path`. */
  readonly requests: string[] = [];
  private readonly pauses: {
    request: string;
    reach: () => void;
    resumed: Promise<void>;
  }[] = [];
  behaviour: Behaviour = { ...DEFAULT_BEHAVIOUR };
  /** Photos of each trained version (`owner/name:version`). */
  private readonly photos = new Map<string, Buffer[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** How each running job ends, run by its timer or by `finish`. */
  private readonly outputs = new Map<string, () => Promise<void>>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ReplicateDouble> {
    const ready: { double?: ReplicateDouble } = {};
    const server = createServer((request, response) => {
      void ready.double?.serve(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ready.double = new ReplicateDouble(server, `http://127.0.0.1:${port}`);
    return ready.double;
  }

  /** The environment that points the app at this double. */
  env(): Record<string, string> {
    return {
      REPLICATE_API_TOKEN: DOUBLE_TOKEN,
      REPLICATE_API_URL: `${this.url}/v1`,
      REPLICATE_OWNER: DOUBLE_OWNER,
      REPLICATE_TRAINER_VERSION: `${TRAINER.owner}/${TRAINER.name}:${TRAINER.version}`,
    };
  }

  trainings(): DoubleJob[] {
    return [...this.jobs.values()].filter((job) => job.kind === 'training');
  }

  predictions(): DoubleJob[] {
    return [...this.jobs.values()].filter((job) => job.kind === 'prediction');
  }

  /** Finishes a job that waits for it (`autoFinish: false`). */
  async finish(id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job) throw new Error(`no job ${id}`);
    await this.complete(job);
  }

  /**
   * A job someone else started on the account (the website, another app): it appears in the
   * lists and never finishes.
   */
  startElsewhere(kind: DoubleJob['kind']): DoubleJob {
    const job = this.newJob(
      kind,
      { input: {} },
      `${TRAINER.owner}/${TRAINER.name}`,
      TRAINER.version,
    );
    job.status = 'processing';
    return job;
  }

  /** Signs `body` the way Replicate does; `at` in seconds. */
  sign(id: string, at: number, body: string, secret = this.secret): string {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    return `v1,${createHmac('sha256', key).update(`${id}.${at}.${body}`).digest('base64')}`;
  }

  /** Delivers `job` (as it is now) to its webhook, signed; resolves with the HTTP status. */
  async deliver(job: DoubleJob, at = Math.floor(Date.now() / 1000)): Promise<number> {
    if (!job.webhook) throw new Error(`job ${job.id} has no webhook`);
    const body = JSON.stringify(this.view(job));
    const id = `msg_${randomUUID()}`;
    const response = await fetch(job.webhook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(at),
        'webhook-signature': this.sign(id, at, body),
      },
      body,
    });
    await response.arrayBuffer();
    this.deliveries.push({ jobId: job.id, status: job.status, answer: response.status });
    return response.status;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }

  /** What the API returns for a job: the documented fields only. */
  private view(job: DoubleJob): Omit<DoubleJob, 'kind'> {
    const { kind: _kind, ...rest } = job;
    return rest;
  }

  /** A list entry: the fields Replicate's list documents (no webhook, no logs). */
  private listed(job: DoubleJob) {
    const {
      kind: _kind,
      webhook: _webhook,
      webhook_events_filter: _filter,
      logs: _logs,
      ...rest
    } = job;
    return { ...rest, source: 'api' };
  }

  /** One page of the account's trainings or predictions, newest first; the cursor is opaque. */
  /** The uploaded files, newest first. */
  private uploads(): Record<string, unknown>[] {
    return [...this.files.values()].flatMap((file) => (file.object ? [file.object] : [])).reverse();
  }

  private page(kind: DoubleJob['kind'] | 'file', url: URL) {
    const all =
      kind === 'file'
        ? this.uploads()
        : [...this.jobs.values()]
            .filter((job) => job.kind === kind)
            .reverse()
            .map((job) => this.listed(job));
    const cursor = url.searchParams.get('cursor');
    const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
    const size = this.behaviour.pageSize;
    const at = (start: number) =>
      `${this.url}${url.pathname}?cursor=${Buffer.from(String(start)).toString('base64url')}`;
    return {
      next: offset + size < all.length ? at(offset + size) : null,
      previous: offset > 0 ? at(Math.max(0, offset - size)) : null,
      results: all.slice(offset, offset + size),
    };
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const path = url.pathname;
    this.requests.push(`${request.method} ${path}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 204 ? undefined : JSON.stringify(body));
    };
    try {
      const pause = this.pauses.find(
        ({ request: wanted }) => wanted === `${request.method} ${path}`,
      );
      if (pause) {
        // Only the first such request is held: a later caller (another worker) gets through.
        this.pauses.splice(this.pauses.indexOf(pause), 1);
        pause.reach();
        await pause.resumed;
      }
      const output = /^\/outputs\/([\w-]+)\.(png|jpg)$/.exec(path);
      if (output && request.method === 'GET') {
        // Delivery URLs are public (and temporary): no token needed.
        const file = this.files.get(output[1] ?? '');
        if (!file) return send(404, { detail: 'Not found.' });
        response.writeHead(200, { 'content-type': file.contentType });
        response.end(file.data);
        return;
      }
      if (request.headers.authorization !== `Bearer ${DOUBLE_TOKEN}`) {
        return send(401, { title: 'Unauthenticated', detail: 'Invalid token.', status: 401 });
      }
      const refuse = this.behaviour.refusePosts;
      if (refuse && refuse.count > 0 && request.method === 'POST') {
        refuse.count -= 1;
        await readBody(request);
        return send(refuse.status, {
          detail: `refused with ${refuse.status}`,
          status: refuse.status,
        });
      }
      const [status, body] = await this.route(request, url);
      if (Buffer.isBuffer(body)) {
        response.writeHead(status, { 'content-type': 'application/octet-stream' });
        response.end(body);
      } else {
        send(status, body);
      }
    } catch (error) {
      send(500, { detail: String(error) });
    }
  }

  private async route(request: IncomingMessage, url: URL): Promise<[number, unknown]> {
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const notFound: [number, unknown] = [
      404,
      { title: 'Not found', detail: 'Not found.', status: 404 },
    ];
    if (method === 'GET' && path === '/v1/webhooks/default/secret')
      return [200, { key: this.secret }];

    if (method === 'POST' && path === '/v1/files') return this.createFile(request);
    if (method === 'GET' && path === '/v1/files') return [200, this.page('file', url)];
    const fileId = /^\/v1\/files\/([\w-]+)$/.exec(path)?.[1] ?? '';
    const uploaded = this.files.get(fileId)?.object;
    if (fileId && method === 'GET') return uploaded ? [200, uploaded] : notFound;
    if (fileId && method === 'DELETE') {
      if (!uploaded) return notFound;
      this.files.delete(fileId);
      return [204, ''];
    }
    const file = /^\/v1\/files\/([\w-]+)\/download$/.exec(path);
    if (file && method === 'GET') {
      const stored = this.files.get(file[1] ?? '');
      return stored ? [200, stored.data] : notFound;
    }

    if (method === 'POST' && path === '/v1/models') {
      const body = JSON.parse((await readBody(request)).toString('utf8')) as Record<string, string>;
      const { owner = '', name = '', visibility, hardware } = body;
      if (owner !== DOUBLE_OWNER) return [403, { detail: 'You can only create models you own.' }];
      if (!visibility || !hardware)
        return [422, { detail: 'visibility and hardware are required' }];
      const key = `${owner}/${name}`;
      if (this.models.has(key)) return [409, { detail: 'A model with that name already exists.' }];
      this.models.set(key, { owner, name, versions: [] });
      return [201, this.modelView(key)];
    }
    const model = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)$/.exec(path);
    if (model && method === 'GET') {
      const key = `${model[1]}/${model[2]}`;
      return this.models.has(key) ? [200, this.modelView(key)] : notFound;
    }
    if (model && method === 'DELETE') return this.deleteModel(`${model[1]}/${model[2]}`);
    const versions = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/versions(?:\/(\w+))?$/.exec(path);
    const versioned = versions && this.models.get(`${versions[1]}/${versions[2]}`);
    if (versions && !versioned) return notFound;
    if (versioned && method === 'GET' && !versions[3]) {
      const results = versioned.versions.map((id) => ({
        id,
        created_at: new Date().toISOString(),
      }));
      return [200, { next: null, previous: null, results: results.reverse() }];
    }
    if (versioned && method === 'DELETE' && versions[3]) {
      const at = versioned.versions.indexOf(versions[3]);
      if (at < 0) return notFound;
      versioned.versions.splice(at, 1);
      return [202, {}];
    }

    const byName = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/predictions$/.exec(path);
    if (byName && method === 'POST') {
      const body = JSON.parse((await readBody(request)).toString('utf8')) as Record<
        string,
        unknown
      >;
      if (`${byName[1]}/${byName[2]}` !== PREVIEW_MODEL.model) {
        return [404, { detail: 'Not found: only official models run by name.', status: 404 }];
      }
      return this.createKontext(body);
    }

    const training = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/versions\/(\w+)\/trainings$/.exec(path);
    if (training && method === 'POST') {
      const [, owner, name, version] = training;
      if (owner !== TRAINER.owner || name !== TRAINER.name || version !== TRAINER.version) {
        return notFound;
      }
      return this.createTraining(JSON.parse((await readBody(request)).toString('utf8')));
    }
    if (method === 'POST' && path === '/v1/predictions') {
      return this.createPrediction(JSON.parse((await readBody(request)).toString('utf8')));
    }

    if (method === 'GET' && path === '/v1/trainings') return [200, this.page('training', url)];
    if (method === 'GET' && path === '/v1/predictions') return [200, this.page('prediction', url)];
    const job = /^\/v1\/(trainings|predictions)\/([\w-]+)(\/cancel)?$/.exec(path);
    const found = job && this.jobs.get(job[2] ?? '');
    if (!job || !found || `${found.kind}s` !== job[1]) return notFound;
    if (method === 'GET' && !job[3]) return [200, this.view(found)];
    if (method === 'POST' && job[3]) {
      if (!TERMINAL.has(found.status)) {
        this.canceled.push(found.id);
        await this.settle(found, 'canceled');
      }
      return [200, this.view(found)];
    }
    return notFound;
  }

  /** Replicate deletes only a private model of the account without versions (204). */
  private async deleteModel(key: string): Promise<[number, unknown]> {
    const found = this.models.get(key);
    if (!found) return [404, { title: 'Not found', detail: 'Not found.', status: 404 }];
    if (found.owner !== DOUBLE_OWNER)
      return [403, { detail: 'You can only delete models you own.' }];
    if (found.versions.length > 0) {
      return [400, { detail: 'Cannot delete a model with versions. Delete the versions first.' }];
    }
    this.models.delete(key);
    return [204, ''];
  }

  /**
   * Holds the next `METHOD /path` request until `resume`: its caller stuck there, as when its
   * process hangs or dies mid-call. `reached` resolves when it arrives.
   */
  pause(request: string): { reached: Promise<void>; resume: () => void } {
    let reach = () => {};
    let resume = () => {};
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    this.pauses.push({ request, reach, resumed });
    return { reached, resume };
  }

  private modelView(key: string) {
    const model = this.models.get(key)!;
    const latest = model.versions.at(-1);
    return {
      url: `https://replicate.com/${key}`,
      owner: model.owner,
      name: model.name,
      visibility: 'private',
      run_count: 0,
      latest_version: latest ? { id: latest, created_at: new Date().toISOString() } : null,
    };
  }

  private async createFile(request: IncomingMessage): Promise<[number, unknown]> {
    const form = await new Request(`${this.url}/v1/files`, {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Readable.toWeb(request) as ReadableStream,
      duplex: 'half',
    } as RequestInit).formData();
    const content = form.get('content');
    if (!(content instanceof Blob)) return [422, { detail: 'content is required' }];
    const id = randomUUID().replaceAll('-', '');
    const data = Buffer.from(await content.arrayBuffer());
    const contentType = content.type || 'application/octet-stream';
    const metadata = form.get('metadata');
    const object = {
      id,
      name: content instanceof File ? content.name : 'file',
      content_type: contentType,
      size: data.length,
      etag: id,
      checksums: { sha256: 'not-computed' },
      metadata: metadata instanceof Blob ? JSON.parse(await metadata.text()) : {},
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      urls: { get: `${this.url}/v1/files/${id}/download` },
    };
    this.files.set(id, { id, data, contentType, object });
    return [201, object];
  }

  /** A file URL the client uploaded: the real service reads it with the owner's token. */
  private fileAt(url: unknown): StoredFile | undefined {
    if (typeof url !== 'string') return undefined;
    const id = /\/v1\/files\/([\w-]+)\/download$/.exec(url)?.[1];
    return id ? this.files.get(id) : undefined;
  }

  private newJob(
    kind: DoubleJob['kind'],
    body: Record<string, unknown>,
    model: string,
    version: string,
  ): DoubleJob {
    const id = randomBytes(13).toString('hex');
    const job: DoubleJob = {
      id,
      kind,
      status: 'starting',
      model,
      version,
      input: body.input as Record<string, unknown>,
      output: null,
      error: null,
      logs: '',
      ...(typeof body.webhook === 'string' ? { webhook: body.webhook } : {}),
      ...(Array.isArray(body.webhook_events_filter)
        ? { webhook_events_filter: body.webhook_events_filter as string[] }
        : {}),
      created_at: new Date().toISOString(),
      started_at: null,
      completed_at: null,
      urls: {
        get: `${this.url}/v1/${kind}s/${id}`,
        cancel: `${this.url}/v1/${kind}s/${id}/cancel`,
      },
    };
    this.jobs.set(id, job);
    return job;
  }

  private createTraining(body: Record<string, unknown>): [number, unknown] {
    const destination = body.destination;
    const input = body.input as Record<string, unknown> | undefined;
    if (typeof destination !== 'string' || !this.models.has(destination)) {
      return [404, { detail: `The destination model ${String(destination)} does not exist.` }];
    }
    const zip = this.fileAt(input?.input_images);
    if (!zip || typeof input?.trigger_word !== 'string') {
      return [422, { detail: 'input_images (a zip URL) and trigger_word are required' }];
    }
    const photos = new AdmZip(zip.data)
      .getEntries()
      .filter((entry) => /\.(jpe?g|png|webp)$/i.test(entry.entryName))
      .map((entry) => entry.getData());
    const job = this.newJob('training', body, `${TRAINER.owner}/${TRAINER.name}`, TRAINER.version);
    const failWith = this.behaviour.trainingsFailWith ?? this.behaviour.failWith;
    this.run(job, this.behaviour.trainingMs, failWith, async () => {
      const version = `${destination}:${hex64()}`;
      this.models.get(destination)!.versions.push(version.split(':')[1]!);
      this.photos.set(version, photos);
      return { version, weights: `${this.url}/outputs/${job.id}.tar` };
    });
    return [201, this.view(job)];
  }

  /**
   * Real-ESRGAN's documented inputs: `image` (a file URL), `scale` (a number up to 10, default
   * 4), `face_enhance` (boolean); its output is one image URL.
   */
  private createUpscale(body: Record<string, unknown>): [number, unknown] {
    const input = (body.input ?? {}) as Record<string, unknown>;
    const image = this.fileAt(input.image);
    const scale = input.scale ?? 4;
    if (!image || typeof scale !== 'number' || scale <= 0 || scale > 10) {
      return [422, { detail: 'image must be a file URL and scale a number up to 10' }];
    }
    const job = this.newJob('prediction', body, UPSCALER.model, UPSCALER.version);
    this.run(job, this.behaviour.predictionMs, this.behaviour.failWith, async () => {
      const { width = 1, height = 1 } = await sharp(image.data).metadata();
      const png = await sharp(image.data)
        .resize(Math.round(width * scale), Math.round(height * scale))
        .png()
        .toBuffer();
      const id = randomUUID();
      this.files.set(id, { id, data: png, contentType: 'image/png' });
      return `${this.url}/outputs/${id}.png`;
    });
    return [201, this.view(job)];
  }

  /**
   * FLUX.1 Kontext [pro] (`POST /v1/models/black-forest-labs/flux-kontext-pro/predictions`), its
   * documented inputs: `prompt` (required), `input_image` (a URL or data URL of a jpeg, png, gif
   * or webp), `aspect_ratio` (`match_input_image` or one of the listed ratios), `output_format`
   * (`jpg` | `png`), `safety_tolerance` (0-6, at most 2 with an input image), `prompt_upsampling`,
   * `seed`. Other inputs are refused here, so a wrong name shows. Its output is ONE image URL: the
   * input photo cropped to the aspect ratio, a real face of the person.
   */
  private async createKontext(body: Record<string, unknown>): Promise<[number, unknown]> {
    const input = (body.input ?? {}) as Record<string, unknown>;
    const invalid = (field: string, detail: string): [number, unknown] => [
      422,
      {
        title: 'Input validation failed',
        detail: `- input.${field}: ${detail}`,
        status: 422,
        invalid_fields: [{ type: 'invalid', field: `input.${field}`, description: detail }],
      },
    ];
    const unknown = Object.keys(input).find((key) => !KONTEXT_INPUTS.has(key));
    if (unknown) return invalid(unknown, 'Additional property is not allowed');
    if (typeof input.prompt !== 'string' || input.prompt.trim() === '') {
      return invalid('prompt', 'prompt is required');
    }
    const image =
      input.input_image === undefined ? undefined : await this.imageAt(input.input_image);
    if (image === null) return invalid('input_image', 'Must be a jpeg, png, gif or webp image');
    const ratio = input.aspect_ratio ?? 'match_input_image';
    if (typeof ratio !== 'string' || !KONTEXT_ASPECT_RATIOS.has(ratio)) {
      return invalid(
        'aspect_ratio',
        `aspect_ratio must be one of ${[...KONTEXT_ASPECT_RATIOS].join(', ')}`,
      );
    }
    const format = input.output_format ?? 'png';
    if (format !== 'jpg' && format !== 'png') {
      return invalid('output_format', 'output_format must be one of jpg, png');
    }
    const tolerance = input.safety_tolerance ?? 2;
    const integer = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
    if (!integer(tolerance) || (tolerance as number) < 0 || (tolerance as number) > 6) {
      return invalid('safety_tolerance', 'safety_tolerance must be an integer from 0 to 6');
    }
    if (image && (tolerance as number) > 2) {
      return invalid('safety_tolerance', '2 is the maximum allowed when input images are used');
    }
    if (input.seed !== undefined && !integer(input.seed)) {
      return invalid('seed', 'seed must be an integer');
    }
    if (input.prompt_upsampling !== undefined && typeof input.prompt_upsampling !== 'boolean') {
      return invalid('prompt_upsampling', 'prompt_upsampling must be a boolean');
    }
    const job = this.newJob('prediction', body, PREVIEW_MODEL.model, PREVIEW_MODEL.version);
    const failWith = this.behaviour.previewsFailWith ?? this.behaviour.failWith;
    this.run(job, this.behaviour.previewMs, failWith, async () => {
      const source =
        image ??
        (await sharp({ create: { width: 512, height: 512, channels: 3, background: '#808080' } })
          .png()
          .toBuffer());
      const [width, height] = await kontextSize(source, ratio);
      const resized = sharp(source).rotate().resize(width, height, { fit: 'cover' });
      const data =
        format === 'jpg' ? await resized.jpeg().toBuffer() : await resized.png().toBuffer();
      const id = randomUUID();
      this.files.set(id, { id, data, contentType: format === 'jpg' ? 'image/jpeg' : 'image/png' });
      return `${this.url}/outputs/${id}.${format}`;
    });
    return [201, this.view(job)];
  }

  /** An input image: an uploaded file's URL or a data URL; null when it is neither an image. */
  private async imageAt(value: unknown): Promise<Buffer | null> {
    const dataUrl = typeof value === 'string' ? /^data:[\w/+.-]+;base64,(.*)$/.exec(value) : null;
    const data = dataUrl ? Buffer.from(dataUrl[1] ?? '', 'base64') : this.fileAt(value)?.data;
    if (!data) return null;
    const format = await sharp(data)
      .metadata()
      .then((metadata) => metadata.format as string)
      .catch(() => '');
    return KONTEXT_IMAGE_FORMATS.has(format) ? data : null;
  }

  private createPrediction(body: Record<string, unknown>): [number, unknown] {
    if (body.version === UPSCALER.version) return this.createUpscale(body);
    const input = body.input as Record<string, unknown> | undefined;
    const version = [...this.photos.keys()].find((key) => key.endsWith(`:${String(body.version)}`));
    if (!version || typeof input?.prompt !== 'string') {
      return [422, { detail: 'Invalid version or not permitted, or prompt missing.' }];
    }
    const extra = input.extra_lora;
    if (extra !== undefined && !this.photos.has(String(extra).replace(/\/(\w+)$/, ':$1'))) {
      return [422, { detail: `extra_lora ${String(extra)} could not be loaded` }];
    }
    const outputs = input.num_outputs ?? 1;
    if (typeof outputs !== 'number' || !Number.isInteger(outputs) || outputs < 1 || outputs > 4) {
      return [422, { detail: 'num_outputs must be an integer from 1 to 4' }];
    }
    const image = this.fileAt(input.image);
    const mask = this.fileAt(input.mask);
    if ((input.image !== undefined && !image) || (input.mask !== undefined && !mask)) {
      return [422, { detail: 'image and mask must be file URLs' }];
    }
    const job = this.newJob('prediction', body, version.split(':')[0]!, String(body.version));
    this.run(job, this.behaviour.predictionMs, this.behaviour.failWith, async () => {
      const photos = this.photos.get(version)!;
      const seed = typeof input.seed === 'number' ? input.seed : 0;
      const urls: string[] = [];
      for (let output = 0; output < outputs; output += 1) {
        const photo = photos[(seed + output) % photos.length]!;
        const png =
          image && mask ? await inpaint(image.data, mask.data, photo) : await crop(photo, input);
        const id = randomUUID();
        this.files.set(id, { id, data: png, contentType: 'image/png' });
        urls.push(`${this.url}/outputs/${id}.png`);
      }
      return urls;
    });
    return [201, this.view(job)];
  }

  /** starting -> processing (with tqdm-style logs) -> succeeded or failed. */
  private run(
    job: DoubleJob,
    ms: number,
    failWith: string | null,
    make: () => Promise<unknown>,
  ): void {
    this.outputs.set(job.id, async () => {
      if (failWith) {
        job.error = failWith;
        await this.settle(job, 'failed');
        return;
      }
      job.output = await make();
      job.logs += '100%|██████████| 1000/1000 [00:01<00:00]\n';
      await this.settle(job, 'succeeded');
    });
    this.later(Math.min(20, ms / 3), async () => {
      if (job.status !== 'starting') return;
      job.status = 'processing';
      job.started_at = new Date().toISOString();
      job.logs += ' 40%|████      | 400/1000 [00:01<00:01]\n';
    });
    if (this.behaviour.autoFinish) this.later(ms, () => this.complete(job));
  }

  private async complete(job: DoubleJob): Promise<void> {
    if (TERMINAL.has(job.status)) return;
    await this.outputs.get(job.id)?.();
  }

  private async settle(job: DoubleJob, status: Status): Promise<void> {
    job.status = status;
    job.completed_at = new Date().toISOString();
    const wanted = !job.webhook_events_filter || job.webhook_events_filter.includes('completed');
    if (!job.webhook || !wanted || this.behaviour.webhooks === 'drop') return;
    for (let delivery = 0; delivery < this.behaviour.deliveries; delivery += 1) {
      await this.deliver(job).catch(() => undefined);
    }
  }
}

/** Kontext's output size for an aspect ratio (scaled down): the input's shape when it matches. */
async function kontextSize(image: Buffer, ratio: string): Promise<[number, number]> {
  let [across, down] = ratio.split(':').map(Number);
  if (ratio === 'match_input_image') {
    const { width = 1, height = 1, orientation = 1 } = await sharp(image).metadata();
    [across, down] = orientation >= 5 ? [height, width] : [width, height];
  }
  const height = Math.sqrt((KONTEXT_OUTPUT_AREA * down!) / across!);
  const snap = (value: number) => Math.max(16, Math.round(value / 16) * 16);
  return [snap((height * across!) / down!), snap(height)];
}

/** The photo cropped to the requested aspect ratio: a real face of the trained person. */
export function crop(photo: Buffer, input: Record<string, unknown>): Promise<Buffer> {
  const [width, height] = ASPECT_SIZES[String(input.aspect_ratio ?? '1:1')] ?? [512, 512];
  return sharp(photo).rotate().resize(width, height, { fit: 'cover' }).png().toBuffer();
}

/** The uploaded image, with the white region of the mask taken from the photo. */
export async function inpaint(image: Buffer, mask: Buffer, photo: Buffer): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const alpha = await sharp(mask).resize(width, height).greyscale().raw().toBuffer();
  // Two steps: in one pipeline sharp removes the alpha after joining the new one.
  const colours = await sharp(photo)
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const patch = await sharp(colours, { raw: { width, height, channels: 3 } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(image)
    .composite([{ input: patch }])
    .png()
    .toBuffer();
}
