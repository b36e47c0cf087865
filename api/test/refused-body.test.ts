import { connect, type Socket } from 'node:net';
import { API_TEXT, MAX_BASE64_UPLOAD_REQUEST_BYTES } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startStudio, type Studio } from './support/studio';

/** Reads one HTTP answer with a Content-Length body off the socket. */
function readAnswer(socket: Socket): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString();
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve({ head, body: received.subarray(end + 4, end + 4 + length).toString() });
    };
    const onClose = () => reject(new Error('the server closed the connection'));
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}

function write(socket: Socket, data: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) =>
    socket.write(data, (error) => (error ? reject(error) : resolve())),
  );
}

describe('a body refused before it is read', { timeout: 30_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  }, 30_000);
  afterAll(() => studio.stop());

  it('is drained after the 413, so the client finishes sending, and the connection carries on', async () => {
    const token = await studio.issuer.idToken(newUser());
    const { hostname, port } = new URL(studio.running.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    const length = MAX_BASE64_UPLOAD_REQUEST_BYTES + 1024 * 1024;
    await write(
      socket,
      'POST /api/media/upload HTTP/1.1\r\n' +
        `Host: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );

    // The answer comes at once, on the declared length alone.
    const refused = await readAnswer(socket);
    expect(refused.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(refused.body).message).toBe(API_TEXT.base64UploadTooLarge);
    expect(refused.head).not.toMatch(/connection: close/i);

    // The client, still sending, can finish: the server reads and drops the rest.
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    for (let sent = 0; sent < length; sent += chunk.length) {
      await write(socket, chunk.subarray(0, Math.min(chunk.length, length - sent)));
    }
    await write(socket, `GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    const next = await readAnswer(socket);
    expect(next.head).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });
});
