import {readdir, readFile, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import {addRouteChunks} from '../page-scripts/route-chunks';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|map|md)$/;
const MIN_BYTES = 1024;
/**
 * Brotli quality 6: on this build it writes within 1% of quality 9's bytes in about 1/50 of the time (q9's larger
 * match search dominated the whole production build on a slow machine).
 */
const BROTLI_QUALITY = 6;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true});
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/** Writes .br and .gz beside every compressible file of the list, so the server never compresses per request. */
export async function precompress(buildFiles: string[]): Promise<{files: number; bytes: number; brotliBytes: number}> {
  const targets = [];
  for (const file of buildFiles) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) targets.push(file);
  }
  let bytes = 0;
  let brotliBytes = 0;
  // zlib's async calls run on libuv's thread pool: a few at a time keeps every core busy.
  for (let i = 0; i < targets.length; i += 8) {
    await Promise.all(targets.slice(i, i + 8).map(async (file) => {
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, {params: {[constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length}}),
        gz(data, {level: 9}),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      bytes += data.length;
      brotliBytes += br.length;
    }));
  }
  return {files: targets.length, bytes, brotliBytes};
}

/**
 * Precompresses the production build after it is written. Plugins' postBuild hooks run at the same time, so the
 * one change to the written HTML (each page's route chunks, plugins/page-scripts) is made here, first; the plain
 * build (SITE_OPTIMIZATIONS=off), with Docusaurus's own page template, leaves its pages as Docusaurus wrote them.
 */
export function precompressPlugin({routeChunks}: {routeChunks: boolean}): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: 'datahub-precompress',
    async postBuild({outDir}) {
      const buildFiles = await files(outDir);
      if (routeChunks) {
        const added = await addRouteChunks(outDir, context.generatedFilesDir, buildFiles.filter((file) => file.endsWith('.html')));
        console.log(`[page-scripts] route stylesheets written into ${added.styled} page(s), route scripts listed on ${added.eager} eager page(s)`);
      }
      const started = Date.now();
      const result = await precompress(buildFiles);
      console.log(`[precompress] ${result.files} files, ${(result.bytes / 2 ** 20).toFixed(1)} MiB -> ${(result.brotliBytes / 2 ** 20).toFixed(1)} MiB brotli in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  });
}
