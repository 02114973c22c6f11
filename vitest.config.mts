import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,plugins,server,contract,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
