import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const BOOT = path.resolve(import.meta.dirname, 'src/app/router/boot-preload.ts');
// What boot-preload.ts needs, kept in its own small chunk: in the app's chunk it would wait for React.
const BOOT_MODULES =
  /src[\\/]app[\\/](router[\\/](boot-preload|page-modules|shell-modules)|routes[\\/]route-table)\.ts$|preload-helper/;
// Mantine and the icons come in two: what the first script (the login page) uses, and the rest
// for the cabinet. The code of @mantine/charts and @mantine/dropzone is left out (their styles stay
// in): with recharts and react-dropzone it stays with the few pages that draw charts or take
// files, rather than every cabinet page fetching it.
const MANTINE =
  /node_modules[\\/](@mantine(?![\\/](charts|dropzone)[\\/](?!styles\.css))|@floating-ui|react-remove-scroll.*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|react-number-format|react-textarea-autosize)[\\/]/;

// Libraries in a few long-lived chunks (the browser keeps them across releases of our code), and
// the app's first script in one: a page loads a handful of files instead of one per component.
const CHUNK_GROUPS: { name: string; test: RegExp; tags?: '$initial'[]; priority: number }[] = [
  { name: 'boot-routes', test: BOOT_MODULES, priority: 40 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'mantine', test: MANTINE, tags: ['$initial'], priority: 30 },
  { name: 'mantine-cabinet', test: MANTINE, priority: 20 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, tags: ['$initial'], priority: 30 },
  { name: 'icons-cabinet', test: /node_modules[\\/]@tabler[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  { name: 'app', test: /apps[\\/]web[\\/]src[\\/]|packages[\\/]contract[\\/]/, tags: ['$initial'], priority: 10 },
];

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Writes `.br` and `.gz` beside every text asset once at build time, so the server sends the
// smallest encoding the browser accepts without compressing per request (@fastify/static preCompressed).
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'salon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name));
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            }),
            gz(raw, { level: 9 }),
          ]);
          // A compressed copy no smaller than the file would only cost the browser a decode.
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

// boot-preload.ts is an entry of its own, put in index.html before the app's script: it starts
// the route's chunks as soon as its few small modules arrive, while the browser is still
// fetching and evaluating React and the rest of the first script.
function bootScript(): Plugin {
  return {
    name: 'salon-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === BOOT,
        );
        if (!boot) throw new Error('the boot-preload chunk is missing from the build');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

// The contract package exports its TypeScript sources under the 'source' condition, so the web
// bundle compiles them directly and never depends on a prior `tsc -b` of the contract.
export default defineConfig({
  plugins: [react(), bootScript(), precompress()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Pages are split per route with React.lazy (src/app/router/page-modules.ts); route-preload.ts
  // asks for the first route's chunks at start.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The sizes that matter are the .br files; gzipping every chunk for the report costs seconds.
    reportCompressedSize: false,
    rolldownOptions: {
      input: { index: path.resolve(import.meta.dirname, 'index.html'), boot: BOOT },
      output: {
        codeSplitting: {
          groups: CHUNK_GROUPS,
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
