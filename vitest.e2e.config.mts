import {defineConfig} from 'vitest/config';

/** Browser tests: Chromium against the production build served by server/. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two files at a time: a page load leaves a core idle while it waits on the other process (server, browser,
    // renderer), and the suite is most of a CI run on a small machine. Every file uses its own pages and contexts,
    // and the tests that read the shared query log look up their own rows.
    fileParallelism: true,
    maxWorkers: 2,
    // expect.poll waits for what the page does next; a busy machine can take seconds where a laptop takes one.
    expect: {poll: {timeout: 30_000}},
  },
});
