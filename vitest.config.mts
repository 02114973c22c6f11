import {defineConfig} from 'vitest/config';

export default defineConfig({
  // tsconfig keeps JSX for Docusaurus ("preserve"); component tests need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['{lib,src,plugins,server,contract,scripts,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // CI machines are shared and sometimes many times slower than a laptop: a limit here catches a hang, not a
    // slow run (performance is measured by npm run bench).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
