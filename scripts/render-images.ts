/**
 * Renders the SVG illustrations drawn for the site to the PNGs that the pages
 * load through the ideal-image plugin (which resizes rasters, not SVG). Run it
 * after editing an SVG: `npx tsx scripts/render-images.ts`; commit both files.
 */
import path from 'node:path';
import sharp from 'sharp';

/** SVG sources, relative to the site; each PNG is written beside its SVG. */
const illustrations = ['src/pages/_home/DemoPreview/catalog-preview.svg'];

async function main() {
  for (const source of illustrations) {
    const target = source.replace(/\.svg$/, '.png');
    const info = await sharp(path.resolve(source)).png({compressionLevel: 9}).toFile(path.resolve(target));
    console.log(`${target}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(0)} KiB`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
