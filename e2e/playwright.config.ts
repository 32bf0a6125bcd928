import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3999);
// E2E_TMP_DIR lets two suites run side by side on one checkout (with E2E_PORT).
export const E2E_TMP = process.env.E2E_TMP_DIR ? path.resolve(process.env.E2E_TMP_DIR) : path.join(root, 'e2e', '.tmp');

// The real built app (server + cabinet) on a fresh embedded database with the demo seed.
// Its log goes to a file: with no bot token the PINs are read from there, as a person would.
export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(E2E_TMP, 'results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Specs that move the server's shared clock far ahead (a month of dunning) run after all others.
  projects: [
    { name: 'chromium', testDir: './specs', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'after-clock',
      testDir: './specs-after-clock',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `rm -rf "${E2E_TMP}/data" && mkdir -p "${E2E_TMP}" && node apps/server/dist/main.js --role all > "${E2E_TMP}/server.log" 2>&1`,
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The payment checkout sends the payer back here: the cabinet's own origin, where its session is.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(E2E_TMP, 'data'),
      TELEGRAM_BOT_TOKEN: '',
      LOG_LEVEL: 'info',
      // The suite logs the same demo users in many times within an hour.
      AUTH_PIN_REQUESTS_PER_ID_HOUR: '100',
      // Tests may ask for a PIN and not log in with it; the next login of that user must not wait a minute.
      AUTH_PIN_COOLDOWN_SECONDS: '0',
      SANDBOX_DELIVERY_MS: '500',
      // Tests move the server's clock forward (/api/dev/clock) to make tomorrow's reminders due.
      DEV_CLOCK: 'adjustable',
      DISPATCH_SWEEP_MS: '2000',
    },
  },
});
