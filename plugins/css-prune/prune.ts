import {createHash} from 'node:crypto';
import {PurgeCSS} from 'purgecss';

export interface PruneInput {
  /** The stylesheet as built. */
  css: string;
  /** Every built HTML page. */
  html: string[];
  /** Every JavaScript chunk: the classes components add at run time are spelled there. */
  scripts: string[];
  /** Names (or families) of classes built at run time, which neither the pages nor the scripts spell out. */
  runtimeClasses: ReadonlyArray<string | RegExp>;
}

export interface PruneResult {
  css: string;
  /** Selectors removed, for the build log and the tests. */
  removed: string[];
}

/**
 * Removes the rules whose selectors cannot match anything the site renders: a class, id or element that no built
 * page, no script chunk and no entry of the runtime list names. At-rules, custom properties, keyframes and font faces
 * are kept as they are; a selector is kept when any of its names is unknown to the pruner's tokenizer (PurgeCSS).
 */
export async function pruneStylesheet({css, html, scripts, runtimeClasses}: PruneInput): Promise<PruneResult> {
  const names = runtimeClasses.filter((entry): entry is string => typeof entry === 'string');
  const patterns = runtimeClasses.filter((entry): entry is RegExp => entry instanceof RegExp);
  const [result] = await new PurgeCSS().purge({
    content: [
      ...html.map((raw) => ({raw, extension: 'html'})),
      ...scripts.map((raw) => ({raw, extension: 'js'})),
      {raw: names.join(' '), extension: 'html'},
    ],
    css: [{raw: css}],
    safelist: {standard: patterns},
    rejected: true,
    // Colour-mode and direction attributes are set on <html> by scripts; keep every attribute selector.
    dynamicAttributes: ['data-theme', 'dir', 'data-has-hydrated', 'aria-selected', 'aria-pressed', 'aria-expanded', 'aria-current', 'open', 'hidden'],
  });
  return {css: result.css, removed: result.rejected ?? []};
}

/** The 8 hex digits that name a stylesheet after its content, like the bundler's content hash. */
export const contentHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8);
