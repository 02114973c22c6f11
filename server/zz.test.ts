import path from 'node:path';
import {Piscina} from 'piscina';
import {it, expect} from 'vitest';
it.each(['boot', 'argv'])('%s', async (mode) => {
  const pool = mode === 'boot'
    ? new Piscina({filename: path.join(__dirname, 'zz-boot.cjs')})
    : new Piscina({filename: path.join(__dirname, 'zz-worker.ts'), execArgv: ['--import', 'tsx']});
  expect(await pool.run({text: 'hello big world'})).toBe(3);
  await pool.destroy();
});
