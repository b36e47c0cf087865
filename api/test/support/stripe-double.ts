import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedCall {
  method: string;
  path: string;
  form: URLSearchParams;
}

interface Subscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number }[] };
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The few documented Stripe endpoints the adapter calls (customers, checkout sessions,
 * subscriptions), answering in Stripe's shapes, so the real `stripe` client can be pointed at it.
 */
export class StripeDouble {
  readonly calls: RecordedCall[] = [];
  readonly subscriptions = new Map<string, Subscription>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StripeDouble> {
    // The server needs the double to answer and the double needs the server's port.
    const ready: { double?: StripeDouble } = {};
    const server = createServer((request, response) => {
      void ready.double?.handle(request).then(([status, body]) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': 'req_double',
        });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ready.double = new StripeDouble(server, `http://127.0.0.1:${port}`);
    return ready.double;
  }

  /** What Stripe holds once a customer paid at checkout. */
  addActiveSubscription(customer: string, userId: string, periodEnd: number): Subscription {
    const subscription: Subscription = {
      id: `sub_${randomUUID().slice(0, 8)}`,
      object: 'subscription',
      status: 'active',
      customer,
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      metadata: { userId },
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    const path = new URL(request.url ?? '/', this.url).pathname;
    const form = await readForm(request);
    this.calls.push({ method: request.method ?? '', path, form });
    if (request.headers.authorization !== 'Bearer sk_test_double') {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } }];
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      return [
        200,
        { id: `cus_${randomUUID().slice(0, 8)}`, object: 'customer', email: form.get('email') },
      ];
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomUUID().slice(0, 8)}`;
      return [
        200,
        { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` },
      ];
    }
    const match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    const subscription = match?.[1] ? this.subscriptions.get(match[1]) : undefined;
    if (match && !subscription) {
      return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
    }
    if (subscription && request.method === 'GET') return [200, subscription];
    if (subscription && request.method === 'DELETE') {
      // Cancel a subscription: immediately, unlike cancel_at_period_end.
      subscription.status = 'canceled';
      subscription.ended_at = Math.floor(Date.now() / 1000);
      return [200, subscription];
    }
    if (subscription && request.method === 'POST') {
      if (form.get('cancel_at_period_end') === 'true') {
        subscription.cancel_at_period_end = true;
        subscription.cancel_at = subscription.items.data[0]?.current_period_end ?? null;
      }
      return [200, subscription];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } },
    ];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
