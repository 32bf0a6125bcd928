// Transpiles the contract and the server to dist/ with esbuild, file by file and without
// type-checking (seconds instead of tsc's half a minute): `npm start` and `npm run build` need
// runnable JavaScript, and `npm run check` is where the types are checked.
// esbuild comes with the dev tools (tsx, drizzle-kit); the sources are written for it
// (isolatedModules, verbatimModuleSyntax, `.js` import specifiers).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

const PROJECTS = ['packages/contract', 'apps/server'];

// A tsconfig `exclude` glob (`src/**/*.test.ts`, `src/test-support/**`) as a test of a path
// relative to the project, so dist holds the same files as under tsc.
function globToRegExp(glob) {
  const pattern = glob
    .split('/')
    .map((part) =>
      part === '**'
        ? '(?:.*)'
        : part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/')
    .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
  return new RegExp(`^${pattern}$`);
}

const started = Date.now();
for (const dir of PROJECTS) {
  const tsconfig = JSON.parse(readFileSync(path.join(root, dir, 'tsconfig.json'), 'utf8'));
  const skip = (tsconfig.exclude ?? []).map(globToRegExp);
  const src = path.join(root, dir, 'src');
  const outdir = path.join(root, dir, 'dist');
  const entryPoints = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter(
      (file) =>
        !skip.some((pattern) => pattern.test(path.relative(path.join(root, dir), file).split(path.sep).join('/'))),
    );
  // A file deleted from src must not live on in dist.
  rmSync(outdir, { recursive: true, force: true });
  rmSync(path.join(root, dir, 'tsconfig.tsbuildinfo'), { force: true });
  await build({
    entryPoints,
    outdir,
    outbase: src,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}
process.stdout.write(`contract and server transpiled to dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
