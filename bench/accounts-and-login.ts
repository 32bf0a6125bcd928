import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, line, login, requestsPerSecond, startCabinet, startProcess } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LOGIN_JS_BUDGET_KB = 170;

// Entry 1: authorized GET /api/accounts against a bare Fastify route serving the same body.
// Entry 2: gzipped size of the JavaScript the login page loads in Chromium.
export async function benchAccountsAndLogin(): Promise<void> {
  const cabinet = await startCabinet();
  try {
    const token = await login(cabinet, 111111);
    const accountsUrl = `${cabinet.url}/api/accounts?check_status=1&check_info_block=1&block_name=wa_blocked`;
    const sample = await fetch(accountsUrl, { headers: { authorization: `Bearer ${token}` } });
    const body = await sample.text();
    if (!sample.ok) throw new Error(`accounts answered ${sample.status}: ${body}`);

    const bareRps = await runBare('bench/bare-server.mjs', '/bare', { BARE_BODY: body });
    const readsRps = await runBare('bench/bare-reads-server.mjs', '/bare-reads', {});
    const accountsRps = await requestsPerSecond(accountsUrl, { authorization: `Bearer ${token}` }, SECONDS);
    line('bare Fastify route, same body from memory, req/s', bareRps.toFixed(0), 'baseline 1');
    line('bare Fastify route, same reads in raw SQL, req/s', readsRps.toFixed(0), 'baseline 2');
    line('GET /api/accounts authorized (PGlite), req/s', accountsRps.toFixed(0));
    line('  ratio to baseline 2 (our stack over the same reads)', (accountsRps / readsRps).toFixed(2), 'aim >= 0.5');
    line('  ratio to baseline 1 (includes the database)', (accountsRps / bareRps).toFixed(3));

    const kb = await loginPageJsKb(cabinet.url);
    line(
      'login page JS, gzipped KB',
      kb.toFixed(1),
      `budget <= ${LOGIN_JS_BUDGET_KB} KB: ${kb <= LOGIN_JS_BUDGET_KB ? 'within' : 'OVER'}`,
    );
  } finally {
    await cabinet.stop();
  }
}

async function runBare(script: string, path: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const bare = await startProcess([script], { ...env, PORT: String(port) }, /bare ready/, port);
  try {
    return await requestsPerSecond(`${bare.url}${path}`, {}, SECONDS);
  } finally {
    await bare.stop();
  }
}

async function loginPageJsKb(baseUrl: string): Promise<number> {
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
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(response.url(), await response.body());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-testid="login-telegram-id"]');
    await page.waitForLoadState('networkidle');
    let bytes = 0;
    for (const body of scripts.values()) bytes += gzipSync(body, { level: 6 }).length;
    line('login page JS files', String(scripts.size));
    return bytes / 1024;
  } finally {
    await browser.close();
  }
}
