import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { freePort, line, ROOT, startProcess, type Started } from './support.js';

// Pages as a person opens them: cold (a fresh browser profile holding only the saved session)
// and warm (the same profile again, assets from its cache). Each figure is the median of RUNS.
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const OWNER = 111111;
const BRANCH = 1001;
const PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'login page /', path: '/', signedIn: false },
  { name: '/main', path: `/main?accId=${BRANCH}`, signedIn: true },
  { name: '/template_list', path: `/template_list?accId=${BRANCH}`, signedIn: true },
  { name: '/mailing/new', path: `/mailing/new?accId=${BRANCH}`, signedIn: true },
];
const HEADING_AIM_MS = 800;
// BENCH_WEB_PAGES=/main,/ measures only those paths; BENCH_WEB_VERBOSE=1 lists every request of every visit: start, duration, bytes.
const VERBOSE = process.env.BENCH_WEB_VERBOSE === '1';
const LOGIN_AIM_KB = 200;

interface Visit {
  kb: number;
  requests: number;
  headingMs: number;
  firstApiMs: number | null;
  heading: string;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// `npm run bench:web`: the real server against a bare static server with the same files.
export async function benchWeb(): Promise<void> {
  // Whatever started is stopped again, also when a later step fails.
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const server = await startServer();
    cleanups.unshift(() => server.stop());
    const barePort = await freePort();
    const bare = await startProcess(
      ['bench/bare-static-server.mjs'],
      { PORT: String(barePort), WEB_DIST_DIR: webDistDir(), API_URL: server.url },
      /bare static ready/,
      barePort,
    );
    cleanups.unshift(() => bare.stop());
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    cleanups.unshift(() => browser.close());
    await measureAll(browser, server, bare);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

async function measureAll(browser: Browser, server: Started, bare: Started): Promise<void> {
  const session = await signIn(browser, server);
  line('page (median of runs)', 'ours', 'bare static server with the same files (baseline)');
  const only = process.env.BENCH_WEB_PAGES?.split(',');
  for (const page of PAGES.filter((p) => !only || only.includes(p.path.split('?')[0]!))) {
    for (const mode of ['cold', 'warm'] as const) {
      const ours = await median(browser, server.url, page, mode, session);
      const base = await median(browser, bare.url, page, mode, session);
      const aims = [
        ours.headingMs <= HEADING_AIM_MS ? '' : `heading over ${HEADING_AIM_MS} ms`,
        page.signedIn || mode === 'warm' || ours.kb <= LOGIN_AIM_KB ? '' : `over ${LOGIN_AIM_KB} KB`,
      ].filter(Boolean);
      line(
        `${page.name} ${mode}: heading ms`,
        ours.headingMs.toFixed(0),
        `${base.headingMs.toFixed(0)}${aims.length ? `  OVER AIM: ${aims.join(', ')}` : ''}`,
      );
      line('  KB received', ours.kb.toFixed(1), base.kb.toFixed(1));
      line('  requests (network, cache hits excluded)', String(ours.requests), String(base.requests));
      line('  first API call starts at ms', fmt(ours.firstApiMs), fmt(base.firstApiMs));
    }
  }
}

const fmt = (ms: number | null) => (ms === null ? '-' : ms.toFixed(0));

function webDistDir(): string {
  return path.resolve(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'));
}

// The built server when its dist is newer than every source file, else the sources through tsx
// (a benchmark run must not rebuild the server under other work in the tree).
async function startServer(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-web-'));
  const port = await freePort();
  const dist = path.join(ROOT, 'apps/server/dist/main.js');
  const forced = process.env.BENCH_WEB_SERVER;
  const current =
    forced === 'dist' ||
    (forced !== 'source' &&
      distIsCurrent(dist, [path.join(ROOT, 'apps/server/src'), path.join(ROOT, 'packages/contract/src')]));
  const args = current
    ? [dist, '--role', 'api']
    : ['--conditions=source', '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts'), '--role', 'api'];
  line('server', current ? 'dist' : 'tsx (dist older than sources)');
  const started = await startProcess(
    args,
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TELEGRAM_BOT_TOKEN: '',
      WEB_DIST_DIR: webDistDir(),
    },
    /Cabinet ready/,
    port,
  );
  return {
    ...started,
    async stop() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function distIsCurrent(built: string, sourceDirs: string[]): boolean {
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return false;
  }
  for (const dir of sourceDirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > builtAt) return false;
    }
  }
  return true;
}

// Logs in once through the login page, reading the PIN from the server log as the e2e tests do.
async function signIn(browser: Browser, server: Started): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const since = server.output().length;
    await page.getByTestId('login-telegram-id').fill(String(OWNER));
    await page.getByTestId('login-request-pin').click();
    let pin: string | undefined;
    for (let i = 0; i < 100 && !pin; i++) {
      pin = new RegExp(`login PIN for ${OWNER}: (\\d{4})`).exec(server.output().slice(since))?.[1];
      if (!pin) await page.waitForTimeout(100);
    }
    if (!pin) throw new Error('no PIN in the server log');
    await page.getByTestId('login-pin').fill(pin);
    await page.waitForURL(/\/(accounts|main)/);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

// The session lives in local storage, which belongs to one origin: copy it to the other server's.
function sessionFor(state: StorageState, origin: string): StorageState {
  return { cookies: [], origins: state.origins.map((o) => ({ ...o, origin })) };
}

async function median(
  browser: Browser,
  origin: string,
  target: (typeof PAGES)[number],
  mode: 'cold' | 'warm',
  session: StorageState,
): Promise<Visit> {
  const visits: Visit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      storageState: target.signedIn ? sessionFor(session, origin) : undefined,
    });
    try {
      if (mode === 'warm') await visit(context, origin, target);
      visits.push(await visit(context, origin, target));
    } finally {
      await context.close();
    }
  }
  const mid = <T>(values: T[], key: (v: T) => number) =>
    [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)]!;
  const byTime = mid(visits, (v) => v.headingMs);
  return { ...byTime, kb: mid(visits, (v) => v.kb).kb, requests: mid(visits, (v) => v.requests).requests };
}

// In-page code as text: the benchmark's TypeScript project has no DOM types.
const RECORD_HEADING = `
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="page-title"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__headingAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
`;
const READ_FIGURES = `(() => {
  const api = performance.getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
    .map((entry) => entry.startTime);
  return {
    headingMs: window.__headingAt,
    firstApiMs: api.length ? Math.min(...api) : null,
    heading: document.querySelector('[data-testid="page-title"]')?.textContent ?? '',
    path: location.pathname,
  };
})()`;

// One page load: bytes and requests from the DevTools protocol, the heading's first frame from the page.
async function visit(context: BrowserContext, origin: string, target: (typeof PAGES)[number]): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(RECORD_HEADING);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  let bytes = 0;
  let requests = 0;
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) fromCache.add(e.requestId);
  });
  const started = new Map<string, { url: string; at: number }>();
  cdp.on('Network.requestWillBeSent', (e) => started.set(e.requestId, { url: e.request.url, at: e.timestamp }));
  cdp.on('Network.loadingFinished', (e) => {
    if (VERBOSE) {
      const request = started.get(e.requestId);
      if (request)
        process.stdout.write(
          `    ${((request.at - [...started.values()][0]!.at) * 1000).toFixed(0).padStart(6)} ms ${((e.timestamp - request.at) * 1000).toFixed(0).padStart(5)} ms ${String(e.encodedDataLength).padStart(8)} B ${request.url.replace(origin, '')}\n`,
        );
    }
    if (fromCache.has(e.requestId)) return;
    bytes += e.encodedDataLength;
    requests += 1;
  });
  try {
    await page.goto(`${origin}${target.path}`, { waitUntil: 'commit' });
    // A function, not text: the page's CSP refuses eval, which a text predicate would need.
    await page.waitForFunction(() => (globalThis as { __headingAt?: number }).__headingAt !== undefined, null, {
      timeout: 30_000,
      polling: 50,
    });
    await page.waitForLoadState('networkidle');
    const measured = (await page.evaluate(READ_FIGURES)) as {
      headingMs: number;
      firstApiMs: number | null;
      heading: string;
      path: string;
    };
    if (new URL(`${origin}${target.path}`).pathname !== measured.path) {
      throw new Error(`${target.path} ended on ${measured.path}`);
    }
    return {
      kb: bytes / 1024,
      requests,
      headingMs: measured.headingMs,
      firstApiMs: measured.firstApiMs,
      heading: measured.heading,
    };
  } finally {
    await page.close();
  }
}
