import { defineConfig } from '@playwright/test';

// The end-to-end suites drive Debian's Chromium against the built console and a real server
// (each worker starts its own, on a fresh database: see test/e2e/fixtures.ts).
export default defineConfig({
  testDir: 'test/e2e',
  // Long flows (a tree built, reordered, edited and deleted) take 18 s alone; on two shared cores
  // two browsers and two servers at once stretched them to 50 s and past the old 60 s limit.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker, in CI and out: on two cores a second browser and server slowed every test 2-3 times,
  // and the whole suite with two workers took 30.6 min where one took 20.5.
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    viewport: { width: 1366, height: 900 },
    // Recording a trace slows every test by about a fifth (16 tests: 148 s with, 118 s without), and
    // CI keeps only what the run prints (the failure and its page snapshot): traces are for local runs.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
