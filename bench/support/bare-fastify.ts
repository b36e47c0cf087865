/**
 * The reference: a bare Fastify 5 JSON route (no plugins, no logger), in a process of its own
 * like the api. Started with `node -e` in api/, where fastify resolves.
 */
import { spawn } from 'node:child_process';
import { API_DIR } from './api-process';

const SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

export async function startBareFastify(port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/hello`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the bare Fastify server exited');
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    readyMs,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
