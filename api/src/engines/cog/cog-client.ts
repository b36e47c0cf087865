/** What `GET /health-check` reports; READY and BUSY once `setup()` has succeeded. */
export type CogHealth = 'STARTING' | 'READY' | 'BUSY' | 'SETUP_FAILED' | 'DEFUNCT' | 'UNHEALTHY';

export type CogKind = 'training' | 'prediction';

/** The fields of a Cog prediction or training this engine reads. */
export interface CogJob {
  id: string;
  status: string;
  output?: unknown;
  error?: unknown;
  created_at?: string;
  started_at?: string;
}

/** The HTTP status of a failed call (ours or a download), if it got an answer. */
export function httpStatus(error: unknown): number | undefined {
  const response = (error as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

/** A non-2xx answer, shaped like the Replicate client's errors (`response.status`). */
export class CogHttpError extends Error {
  constructor(
    what: string,
    readonly response: { status: number },
    detail: string,
  ) {
    super(`${what}: ${response.status} ${detail}`.trim());
    this.name = 'CogHttpError';
  }
}

/**
 * One Cog container's HTTP API (docs/http.md in replicate/cog): idempotent, asynchronous
 * `PUT /{kind}s/{id}` with a webhook, `POST /{kind}s/{id}/cancel` and `GET /health-check`.
 * Plain fetch: Cog has no client library for Node.
 */
export class CogClient {
  constructor(readonly baseUrl: string) {}

  async health(signal?: AbortSignal): Promise<CogHealth> {
    const body = (await this.send('GET', '/health-check', undefined, signal)) as {
      status?: CogHealth;
    };
    return body.status ?? 'UNHEALTHY';
  }

  /**
   * Starts `id`, or answers the running one of that id (no second run). 409 (every slot busy
   * with another id) comes back as a CogHttpError like any other refusal.
   */
  async put(
    kind: CogKind,
    id: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<CogJob> {
    const job = (await this.send('PUT', `/${kind}s/${encodeURIComponent(id)}`, body, signal)) as
      Partial<CogJob> | undefined;
    return { ...job, id, status: job?.status ?? 'starting' };
  }

  /** False when the container has no such job running (404): it ended, or never started. */
  async cancel(kind: CogKind, id: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.send('POST', `/${kind}s/${encodeURIComponent(id)}/cancel`, undefined, signal);
      return true;
    } catch (error) {
      if (error instanceof CogHttpError && error.response.status === 404) return false;
      throw error;
    }
  }

  private async send(
    method: string,
    path: string,
    body: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body
        ? { 'content-type': 'application/json', prefer: 'respond-async' }
        : { accept: 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new CogHttpError(`${method} ${path}`, response, text.slice(0, 200));
    return text ? (JSON.parse(text) as unknown) : undefined;
  }
}
