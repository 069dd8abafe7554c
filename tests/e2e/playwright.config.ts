import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import { mt5AppPorts } from './support/mt5-app-ports'

// Browser journeys run the real app (`apps/server/src/main.ts`, the built web app, the local
// fakes of outside providers) on a fresh embedded database, driven by Debian's Chromium.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${port}`
// Playwright loads this file in the runner and in every worker: create the data folder once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tradepeak-e2e-'))
// A second app whose new accounts live on an MT5 server (TRADING_PLATFORM=mt5-webapi, its local
// fake on a known port for its control page; support/mt5-app-ports.ts), started only when a journey
// that needs it runs: every run, or one whose file filters name a metatrader-risk spec.
const mt5 = mt5AppPorts(port)
const specFilters = process.argv.filter((arg) => /\.spec\.ts$|journeys\//.test(arg))
const needsMt5App =
  specFilters.length === 0 || specFilters.some((arg) => arg.includes('metatrader-risk'))
if (needsMt5App) process.env.E2E_MT5_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tradepeak-e2e-mt5-'))

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: './journeys',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: join(repoRoot, 'test-results'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Toasts and dialogs animate their opacity; axe would judge colours mid-fade.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    appServer(port, process.env.E2E_DATA_DIR),
    ...(needsMt5App
      ? [
          appServer(mt5.port, process.env.E2E_MT5_DATA_DIR, {
            TRADING_PLATFORM: 'mt5-webapi',
            MT5_WEBAPI_FAKE_PORT: String(mt5.fakePort),
          }),
        ]
      : []),
  ],
})

/** The real app (`npm start`'s main.ts, the built web app, the fakes) on a fresh database. */
function appServer(appPort: number, dataDir: string | undefined, env: Record<string, string> = {}) {
  return {
    command: `node ${join(repoRoot, 'node_modules/.bin/tsx')} ${join(repoRoot, 'apps/server/src/main.ts')}`,
    cwd: repoRoot,
    url: `http://localhost:${appPort}/api/health`,
    reuseExistingServer: false,
    // two apps start side by side on a shared machine
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(appPort),
      DATA_DIR: dataDir ?? '',
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address; the limits themselves are tested in the
      // API integration tests.
      RATE_LIMIT_MAX_PER_IP: '100000',
      RATE_LIMIT_MAX_PER_EMAIL: '1000',
      // a little price history for the charts, a quick start
      MARKET_BACKFILL_HOURS: '2',
      ...env,
    },
  }
}
