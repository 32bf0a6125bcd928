import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { STATUS } from '@salon/contract/status';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

interface Asset {
  type: string;
  plain: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

// Whether an Accept-Encoding header takes `encoding` (listed, and not with q=0).
export function acceptsEncoding(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

// The build's hashed files (a couple of megabytes with their .br and .gz copies), read once at
// start and answered from memory: a page asks for dozens at once, and going to the disk for each
// (stat, open, read on the thread pool) made them arrive several times slower than from a bare
// static server on a busy machine. A name never changes its content, so a year of caching is safe.
export async function registerCabinetAssets(app: FastifyInstance, dir: string): Promise<void> {
  const assets = new Map<string, Asset>();
  const names = await readdir(dir).catch(() => [] as string[]);
  const read = (name: string) => (names.includes(name) ? readFile(path.join(dir, name)) : Promise.resolve(undefined));
  await Promise.all(
    names
      .filter((name) => !/\.(br|gz)$/.test(name))
      .map(async (name) => {
        const [plain, br, gzip] = await Promise.all([read(name), read(`${name}.br`), read(`${name}.gz`)]);
        const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
        if (plain) assets.set(name, { type, plain, br, gzip });
      }),
  );

  app.get('/assets/*', (request, reply) => {
    const asset = assets.get((request.params as { '*': string })['*']);
    // A tab opened before a release asking for an old chunk must fail as a script load, not get the page.
    if (!asset) return reply.code(404).send({ ok: false, status: STATUS.notFound });
    const accepted = request.headers['accept-encoding'];
    const [encoding, body] =
      asset.br && acceptsEncoding(accepted, 'br')
        ? ['br', asset.br]
        : asset.gzip && acceptsEncoding(accepted, 'gzip')
          ? ['gzip', asset.gzip]
          : [undefined, asset.plain];
    void reply.header('content-type', asset.type).header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}
