// Stops in one line when there is no production build: the browser tests run against `build/`.
import {existsSync} from 'node:fs';

if (!existsSync('build/index.html')) {
  console.error('No production build in build/: run `npm run build` first (the browser tests run against it).');
  process.exit(1);
}
