import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts one of the worker-thread scripts beside this module (`name` without extension): the
 * compiled .js in api/dist (scripts/build-server.mjs makes each its own entry point), or the .ts
 * source under tsx (`node --import tsx`, vitest). A .ts thread registers tsx itself before
 * importing its script: on Node 20 a worker started with `execArgv: ['--import', 'tsx']` does
 * not apply tsx's hooks to its entry module (ERR_UNKNOWN_FILE_EXTENSION).
 */
export function startThread(name: string, options: WorkerOptions = {}): Worker {
  const typescript = import.meta.url.endsWith('.ts');
  const script = new URL(`./${name}.${typescript ? 'ts' : 'js'}`, import.meta.url);
  if (!typescript) return new Worker(script, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)})
    .then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
