import {readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import {runtimeClasses} from '../../data/css-runtime-classes';
import {contentHash, pruneStylesheet} from './prune';

/** The stylesheet every page links (Docusaurus puts all CSS it does not leave to a lazy chunk in it). */
export const STYLESHEET = /^styles\.[0-9a-f]+\.css$/;

/**
 * CSS that stays in its own chunk's stylesheet instead of joining every page's first load: that of components that
 * only ever render after a click or after the first paint (it loads with their chunk), and that of the site's own
 * pages under src/pages (the home page, the integrations, the guild, search), which a page's HTML links only when it
 * renders that page, so a doc page no longer downloads them.
 */
export const ownChunkCss = /[\\/]src[\\/](features[\\/](search[\\/]SearchModal|chat[\\/]ChatDialog|chat[\\/]ChatMarkdown|page-feedback[\\/]PageFeedback)[\\/]|pages[\\/])/;
/** What the "styles" group takes: every module's CSS but the modules above (a regular expression, which the bundler tests natively). */
const sharedCss = new RegExp(`^(?!.*${ownChunkCss.source})`);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true});
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Prunes the shared stylesheet after the build (rules no page, script or runtime class can match: see ./prune.ts and
 * data/css-runtime-classes.ts), renames it after its new content and points every page at the new name. Then it runs
 * `next`'s postBuild (the precompression), which must see the final files: Docusaurus runs postBuild hooks in parallel.
 */
export default function cssPrunePlugin(next: PluginModule): PluginModule {
  return (context: LoadContext, options: unknown) => {
    const then = next(context, options) as Plugin;
    return {
      name: 'datahub-css-prune',
      configureWebpack(config, isServer) {
        if (isServer) return {};
        // Docusaurus's "styles" group gathers all CSS into one file; the on-demand components' CSS is left out of it.
        return {optimization: {splitChunks: {cacheGroups: {styles: {test: sharedCss}}}}};
      },
      async postBuild(props) {
        const {outDir} = props;
        const cssDir = path.join(outDir, 'assets', 'css');
        const name = (await readdir(cssDir)).find((file) => STYLESHEET.test(file));
        if (!name) throw new Error(`[css-prune] no styles.<hash>.css in ${cssDir}: the bundler's CSS settings changed; update STYLESHEET in plugins/css-prune/index.ts`);
        const all = await filesUnder(outDir);
        const htmlFiles = all.filter((file) => file.endsWith('.html'));
        const scriptFiles = all.filter((file) => file.startsWith(path.join(outDir, 'assets', 'js')) && file.endsWith('.js'));
        const css = await readFile(path.join(cssDir, name), 'utf8');
        const pruned = await pruneStylesheet({
          css,
          html: await Promise.all(htmlFiles.map((file) => readFile(file, 'utf8'))),
          scripts: await Promise.all(scriptFiles.map((file) => readFile(file, 'utf8'))),
          runtimeClasses,
        });
        const newName = `styles.${contentHash(pruned.css)}.css`;
        await writeFile(path.join(cssDir, newName), pruned.css);
        if (newName !== name) await rm(path.join(cssDir, name));
        let pages = 0;
        for (const file of htmlFiles) {
          const html = await readFile(file, 'utf8');
          if (!html.includes(name)) continue;
          await writeFile(file, html.split(name).join(newName));
          pages += 1;
        }
        console.log(
          `[css-prune] ${name} -> ${newName}: ${kib(gzipSync(css).length)} -> ${kib(gzipSync(pruned.css).length)} gzip, ${pruned.removed.length} selectors removed, ${pages} pages updated`,
        );
        await then.postBuild?.(props);
      },
    };
  };
}
