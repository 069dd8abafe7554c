import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

// Browser journeys run the real app (`apps/server/src/main.ts`, the built web app, the local
// fakes of outside providers) on a fresh embedded database, driven by Debian's Chromium.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${port}`
// Playwright loads this file in the runner and in every worker: create the data folder once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tradepeak-e2e-'))

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
  webServer: {
    command: `node ${join(repoRoot, 'node_modules/.bin/tsx')} ${join(repoRoot, 'apps/server/src/main.ts')}`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address; the limits themselves are tested in the
      // API integration tests.
      RATE_LIMIT_MAX_PER_IP: '100000',
      RATE_LIMIT_MAX_PER_EMAIL: '1000',
      // a little price history for the charts, a quick start
      MARKET_BACKFILL_HOURS: '2',
    },
  },
})
