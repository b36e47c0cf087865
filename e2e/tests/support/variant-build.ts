import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { E2E_WORK_DIR, REPO_ROOT } from './paths';

/**
 * Builds a changed copy of one front-end package, as a later release of it would be: copies its
 * sources, applies `change` to one file and runs the package's own production build.
 * Returns the new build's folder; the workspace's own build is left untouched.
 */
export function buildVariant(
  packageDir: string,
  file: string,
  change: (source: string) => string,
): string {
  const source = join(REPO_ROOT, packageDir);
  const copy = join(E2E_WORK_DIR, `${packageDir}-variant`);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  for (const entry of ['src', 'build', 'public', 'package.json', 'rspack.config.ts']) {
    if (!existsSync(join(source, entry))) continue;
    cpSync(join(source, entry), join(copy, entry), { recursive: true, force: true });
  }
  symlinkSync(join(source, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const target = join(copy, file);
  const original = readFileSync(target, 'utf8');
  const changed = change(original);
  if (changed === original) throw new Error(`the change to ${packageDir}/${file} changed nothing`);
  writeFileSync(target, changed);
  execFileSync(join(source, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
    cwd: copy,
    stdio: 'pipe',
  });
  return join(copy, 'dist');
}
