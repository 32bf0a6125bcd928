// The baseline for the web benchmark: the same built cabinet served by a bare node:http server
// that compresses every file once at start (brotli, gzip) and answers from memory, with /api
// passed through to the real server. No cache headers: each benchmark visit is a fresh browser.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const api = new URL(process.env.API_URL ?? 'http://127.0.0.1:3000');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const files = new Map();
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
  const full = path.join(entry.parentPath, entry.name);
  const raw = readFileSync(full);
  files.set(`/${path.relative(root, full).split(path.sep).join('/')}`, {
    type: TYPES[path.extname(entry.name)] ?? 'application/octet-stream',
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz: gzipSync(raw, { level: 9 }),
  });
}

const server = http.createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  if (pathname.startsWith('/api/')) {
    const upstream = http.request(
      {
        host: api.hostname,
        port: api.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: api.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
    return;
  }
  const file = files.get(pathname) ?? files.get('/index.html');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = accepts.includes('br')
    ? ['br', file.br]
    : accepts.includes('gzip')
      ? ['gzip', file.gz]
      : [null, file.raw];
  res.writeHead(200, {
    'content-type': file.type,
    'content-length': body.length,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('bare static ready\n'));
