import {defineConfig} from 'vitest/config';

export default defineConfig({
  // tsconfig keeps JSX for Docusaurus ("preserve"); component tests need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['{lib,src,plugins,server,contract,scripts,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
