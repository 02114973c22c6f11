import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,plugins,server,contract,scripts,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
