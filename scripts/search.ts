/**
 * `npm run search -- "<query>" [--limit N] [--json]`: the top results of the
 * built index, through the same ranking code the browser runs.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {loadSearchIndex, type SearchIndexFile} from '../lib/search/engine';
import {answerHelp} from './cli-usage';

/** File name of the hashed index in a build folder. */
export function builtIndexName(buildDir: string): string {
  if (!existsSync(buildDir)) throw new Error(`No build in ${buildDir}: run "npm run build" first (the search index is built with the site).`);
  const name = readdirSync(buildDir).find((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));
  if (!name) throw new Error(`No search index in ${buildDir}: run "npm run build" first.`);
  return name;
}

/** Reads the hashed index file from a build folder. */
export function readBuiltIndex(buildDir: string): SearchIndexFile {
  return JSON.parse(readFileSync(path.join(buildDir, builtIndexName(buildDir)), 'utf8')) as SearchIndexFile;
}

const USAGE = `
Usage: npm run search -- "<query>" [--limit N] [--json] [--build DIR]

The top results of the built search index, ranked by the same code as the browser (lib/search). Needs a build
(npm run build).

  --limit N     how many results (default 10)
  --json        the results as JSON; run as npm run -s search -- ... --json to keep npm's banner off stdout
  --build DIR   the build folder to read (default build)
  --help, -h    this text
`;

function main() {
  answerHelp(USAGE);
  const {values, positionals} = parseArgs({
    allowPositionals: true,
    options: {limit: {type: 'string', default: '10'}, json: {type: 'boolean', default: false}, build: {type: 'string', default: 'build'}},
  });
  const query = positionals.join(' ').trim();
  const limit = Number(values.limit);
  if (!query || !Number.isInteger(limit) || limit < 1) {
    console.error('Usage: npm run search -- "<query>" [--limit N] [--json]');
    process.exit(2);
  }
  const hits = loadSearchIndex(readBuiltIndex(path.resolve(values.build))).search(query, limit);
  if (values.json) {
    console.log(JSON.stringify(hits.map(({url, pageTitle, heading, score}) => ({url, title: pageTitle, heading, score})), null, 2));
    return;
  }
  if (hits.length === 0) console.log(`No results for "${query}".`);
  hits.forEach((h, i) => console.log(`${String(i + 1).padStart(2)}. ${h.score.toFixed(2).padStart(7)}  ${h.url}  ${h.pageTitle}${h.heading ? ` › ${h.heading}` : ''}`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
