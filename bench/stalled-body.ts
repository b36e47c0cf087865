/**
 * How long the api keeps a request open whose body stops arriving halfway (spec: clients give up
 * after 30 s): a JSON route, the multipart edit route and the presigned upload target.
 * Run: cd api && node --import tsx ../bench/stalled-body.ts   (STALL_CAP_SECONDS, default 120)
 * Prints figures only; the tests check the behaviour with a short configured timeout.
 */
import { request } from 'node:http';
import { newUser, startStudio } from '../api/test/support/studio';

const CAP_MS = Number(process.env.STALL_CAP_SECONDS ?? 120) * 1000;

/** Sends the headers and half the declared body, then nothing: when does the server end it? */
function stall(url: string, method: string, headers: Record<string, string>, half: Buffer) {
  return new Promise<string>((resolve) => {
    const started = performance.now();
    const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const req = request(url, {
      method,
      headers: { ...headers, 'content-length': String(half.length * 2) },
    });
    const timer = setTimeout(() => {
      resolve(`still open after ${seconds()}`);
      req.destroy();
    }, CAP_MS);
    req.on('response', (response) => {
      clearTimeout(timer);
      resolve(`answered ${response.statusCode} after ${seconds()}`);
      response.resume();
      req.destroy();
    });
    req.on('error', () => {
      clearTimeout(timer);
      resolve(`closed without an answer after ${seconds()}`);
    });
    req.flushHeaders();
    req.write(half);
  });
}

const studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
try {
  const user = newUser();
  const token = await studio.issuer.idToken(user);
  const auth = { authorization: `Bearer ${token}` };
  const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
    json: { files: [{ filename: 'a.jpg', contentType: 'image/jpeg' }] },
  });
  const boundary = 'stalled';
  const multipartStart = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n${'x'.repeat(64 * 1024)}`,
  );
  const cases: [string, Promise<string>][] = [
    [
      'PUT /api/user (JSON)',
      stall(
        `${studio.running.url}/api/user`,
        'PUT',
        { ...auth, 'content-type': 'application/json' },
        Buffer.from(`{"name": "${'x'.repeat(20)}`),
      ),
    ],
    [
      'POST /api/generate/edit-image (multipart)',
      stall(
        `${studio.running.url}/api/generate/edit-image`,
        'POST',
        { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        multipartStart,
      ),
    ],
    [
      'PUT presigned upload target',
      stall(
        targets.body[0].presignedUrl,
        'PUT',
        { 'content-type': 'image/jpeg' },
        Buffer.alloc(256 * 1024, 1),
      ),
    ],
  ];
  for (const [name, outcome] of cases) console.log(`${name}: ${await outcome}`);
} finally {
  await studio.stop();
}
