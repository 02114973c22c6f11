import path from 'node:path';
import sharp from 'sharp';
import {describe, expect, it} from 'vitest';

const image = (file: string) => path.resolve(__dirname, '../../static/img', file);

/** RGBA pixels of an image at 96 x 96. */
async function pixels(input: string, density?: number): Promise<Buffer> {
  return sharp(input, density ? {density} : {}).resize(96, 96).ensureAlpha().raw().toBuffer();
}

describe('the navbar logo', () => {
  it('is logo.svg drawn at 96 x 96: redraw logo.png when the SVG changes', async () => {
    const [drawn, raster] = await Promise.all([pixels(image('logo.svg'), 72 * 3), pixels(image('logo.png'))]);
    const meta = await sharp(image('logo.png')).metadata();
    expect([meta.width, meta.height]).toEqual([96, 96]);
    let differing = 0;
    for (let i = 0; i < drawn.length; i++) if (Math.abs(drawn[i] - raster[i]) > 8) differing += 1;
    expect(differing).toBe(0);
  });
});
