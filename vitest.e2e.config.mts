import {defineConfig} from 'vitest/config';

/** Browser tests: Chromium against the production build served by server/. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One file at a time: a single page load already keeps both cores of a small machine busy (browser, renderer,
    // server), and two files at once only made every test slower, some past their limit.
    fileParallelism: false,
    // expect.poll waits for what the page does next; a busy machine can take seconds where a laptop takes one.
    expect: {poll: {timeout: 30_000}},
  },
});
