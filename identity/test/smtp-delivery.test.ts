import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cognitoCall, POOL, startPool, type RunningPool, FLOW_TEST } from './helpers';

/** Just enough SMTP to accept mail from nodemailer and keep what it was given. */
function startSmtpSink(received: string[]): Server {
  return createServer((socket) => {
    let inData = false;
    let message = '';
    socket.write('220 sink ready\r\n');
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else {
            message += `${line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else if (line !== '') socket.write('250 ok\r\n');
      }
    });
  }).listen(0, '127.0.0.1');
}

describe('mail delivery over SMTP', FLOW_TEST, () => {
  const received: string[] = [];
  let smtp: Server;
  let pool: RunningPool;
  beforeAll(async () => {
    smtp = startSmtpSink(received);
    await once(smtp, 'listening');
    const { port } = smtp.address() as AddressInfo;
    pool = await startPool({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'studio@test.example',
    });
  });
  afterAll(async () => {
    await pool.stop();
    smtp.close();
  });

  it('sends the code with nodemailer and keeps it in the outbox too', async () => {
    await cognitoCall(pool.endpoint, 'SignUp', {
      ClientId: POOL.clientId,
      Username: 'mailed@example.com',
      Password: 'mailed-password',
      UserAttributes: [{ Name: 'name', Value: 'M' }],
    });
    const code = await pool.latestCode('mailed@example.com');
    // The answer does not wait for the SMTP server; the mail follows.
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toContain('To: mailed@example.com');
    expect(received[0]).toContain('From: studio@test.example');
    expect(received[0]).toContain(`Your confirmation code is ${code}`);
  });
});
