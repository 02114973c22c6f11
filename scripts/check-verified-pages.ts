/**
 * Verification-record check: every hand-written page has been read against the release it documents, and the record
 * says so (data/reference/verified-pages.tsv, issue 46).
 * - every `hand` route of data/routes.tsv has exactly one row; a `data` route (a page written from a data file) may
 *   have one too; no other route has a row;
 * - `result` is one of accurate, corrected, filled; a corrected or filled row says what in `notes`;
 * - `release_files` is `-` (the release has no counterpart) or `;`-separated paths of the release, each with a word
 *   count in data/reference/release-page-words-v0.10.5.tsv (written by scripts/reference/count_release_words.py); a
 *   row may also name what it read outside the release (`owner/repo@commit:path` of another repository, `path@HEAD`
 *   of a later revision), which is not counted; the counterpart, the first entry, is a release path;
 * - a page with fewer than half the prose words of its counterpart (the first release file) has a note starting
 *   with `shorter:` saying why that is right.
 * Rows may come in any order (helpers' rows are merged in). `npx tsx scripts/check-verified-pages.ts` prints a
 * summary and every problem; scripts/check-verified-pages.test.ts runs it in `npm test`.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {readRoutes} from '../plugins/routes';

export const RECORD_FILE = 'data/reference/verified-pages.tsv';
export const WORDS_FILE = 'data/reference/release-page-words-v0.10.5.tsv';
export const RECORD_HEADER = ['route', 'release_files', 'result', 'notes'] as const;
export const RESULTS = ['accurate', 'corrected', 'filled'] as const;

/** A path in the release's tree; `owner/repo@commit:path`, `path@HEAD` or a note in parentheses name other sources. */
export const isReleasePath = (entry: string) => !/[@:() ]/.test(entry);
/** A page under this share of its counterpart's words needs a `shorter:` note. */
export const SHORTER_RATIO = 0.5;

export type VerificationResult = (typeof RESULTS)[number];

export interface RecordRow {
  line: number;
  route: string;
  releaseFiles: string[];
  result: string;
  notes: string;
}

export interface VerifiedPagesInput {
  /** The `hand` routes of data/routes.tsv. */
  handRoutes: readonly string[];
  /** The `data` routes of data/routes.tsv, whose rows are welcome but not required. */
  dataRoutes?: readonly string[];
  /** The record's text (header line, then rows). */
  record: string;
  /** The word-count file's text (`release_file<TAB>words`). */
  releaseWords: string;
  /** The prose words of a hand route's page, or null when it has no page file. */
  pageWords: (route: string) => number | null;
}

export interface VerifiedPagesSummary {
  rows: number;
  results: Record<VerificationResult, number>;
  underHalfWithNote: number;
  underHalfWithoutNote: number;
}

/**
 * Prose words of a Markdown/MDX text, counted as scripts/reference/count_release_words.py counts the release's files
 * (its docstring lists the rules; change both together): front matter, fenced code, MDX import/export lines, HTML
 * comments and tags, link targets and reference definitions are dropped; a word is a run of letters and digits.
 */
export function proseWords(source: string): number {
  const text = source.replace(/\r\n/g, '\n').replace(/^---\n[\s\S]*?\n---[ \t]*(?:\n|$)/, '');
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    if (fence) {
      const stripped = line.trim();
      if (stripped && [...stripped].every((c) => c === fence![0]) && stripped.length >= fence.length) fence = null;
      continue;
    }
    const opened = line.match(/^\s*(`{3,}|~{3,})/);
    if (opened) {
      fence = opened[1];
      continue;
    }
    if (/^(?:import|export)\s/.test(line)) continue;
    kept.push(line);
  }
  const prose = kept
    .join('\n')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<[A-Za-z/!][^>]*>/g, ' ')
    .replace(/^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm, ' ')
    .replace(/\]\([^)\n]*\)/g, '] ')
    .replace(/\]\[[^\]\n]*\]/g, '] ');
  return prose.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/** The record's rows; problems with its shape (header, columns) go to `problems`. */
export function parseRecord(record: string, problems: string[]): RecordRow[] {
  const lines = record.split('\n').map((line, i) => ({text: line.replace(/\r$/, ''), line: i + 1})).filter((l) => l.text.trim());
  if (lines.length === 0 || lines[0].text !== RECORD_HEADER.join('\t')) {
    problems.push(`${RECORD_FILE}: the first line must be the header "${RECORD_HEADER.join('\\t')}"`);
    return [];
  }
  const rows: RecordRow[] = [];
  for (const {text, line} of lines.slice(1)) {
    const cells = text.split('\t');
    if (cells.length !== RECORD_HEADER.length) {
      problems.push(`${RECORD_FILE}:${line}: ${cells.length} columns, expected ${RECORD_HEADER.length} (${RECORD_HEADER.join(', ')})`);
      continue;
    }
    const [route, files, result, notes] = cells.map((c) => c.trim());
    const releaseFiles = files === '-' ? [] : files.split(';').map((f) => f.trim()).filter(Boolean);
    rows.push({line, route, releaseFiles, result, notes});
  }
  return rows;
}

/** The word-count file as a map from release file to words. */
export function parseWords(text: string): Map<string, number> {
  const words = new Map<string, number>();
  for (const line of text.split('\n').slice(1)) {
    const [file, count] = line.split('\t');
    if (file && /^\d+$/.test(count ?? '')) words.set(file, Number(count));
  }
  return words;
}

/** Every problem of the record, and its summary. */
export function checkVerifiedPages(input: VerifiedPagesInput): {problems: string[]; summary: VerifiedPagesSummary} {
  const problems: string[] = [];
  const rows = parseRecord(input.record, problems);
  const words = parseWords(input.releaseWords);
  const hand = new Set(input.handRoutes);
  const summary: VerifiedPagesSummary = {rows: rows.length, results: {accurate: 0, corrected: 0, filled: 0}, underHalfWithNote: 0, underHalfWithoutNote: 0};
  const seen = new Map<string, number>();

  for (const row of rows) {
    const at = `${RECORD_FILE}:${row.line}`;
    const first = seen.get(row.route);
    if (first !== undefined) problems.push(`${at}: a second row for ${row.route} (the first is line ${first})`);
    else seen.set(row.route, row.line);
    if (!hand.has(row.route) && !(input.dataRoutes ?? []).includes(row.route)) {
      problems.push(`${at}: ${row.route} is not a hand-written route of data/routes.tsv, nor one written from a data file`);
    }
    if ((RESULTS as readonly string[]).includes(row.result)) summary.results[row.result as VerificationResult]++;
    else problems.push(`${at}: result "${row.result}" is not one of ${RESULTS.join(', ')}`);
    if (row.result !== 'accurate' && !row.notes) problems.push(`${at}: a ${row.result || 'row'} without notes: say what was corrected or added`);
    for (const file of row.releaseFiles.filter(isReleasePath)) {
      if (!words.has(file)) problems.push(`${at}: ${file} has no word count in ${WORDS_FILE} (run scripts/reference/count_release_words.py)`);
    }
    if (row.releaseFiles.length && !isReleasePath(row.releaseFiles[0])) {
      problems.push(`${at}: the first release file, the page's counterpart, must be a path of the release (not ${row.releaseFiles[0]})`);
    }
    const counterpart = row.releaseFiles[0];
    const theirs = counterpart === undefined ? undefined : words.get(counterpart);
    const ours = hand.has(row.route) ? input.pageWords(row.route) : null;
    if (theirs === undefined || ours === null || ours >= theirs * SHORTER_RATIO) continue;
    if (/(?:^|[\s;.])shorter:/i.test(row.notes)) summary.underHalfWithNote++;
    else {
      summary.underHalfWithoutNote++;
      problems.push(`${at}: ${row.route} has ${ours} words, under half of ${counterpart}'s ${theirs}: fill the page or say why in a "shorter:" note`);
    }
  }
  for (const route of input.handRoutes) {
    if (!seen.has(route)) problems.push(`${RECORD_FILE}: no row for ${route}`);
  }
  return {problems, summary};
}

/** The page file of a hand route: docs/<id>.md(x) or docs/<id>/index.md(x). */
export function pageFile(siteDir: string, route: string): string | null {
  const id = route.replace(/^\/docs\//, '');
  const candidates = [`docs/${id}.md`, `docs/${id}.mdx`, `docs/${id}/index.md`, `docs/${id}/index.mdx`];
  return candidates.find((f) => existsSync(path.join(siteDir, f))) ?? null;
}

/** The check over the site's own files. */
export function checkSite(siteDir: string): {problems: string[]; summary: VerifiedPagesSummary} {
  const read = (file: string) => (existsSync(path.join(siteDir, file)) ? readFileSync(path.join(siteDir, file), 'utf8') : '');
  const routes = readRoutes(read('data/routes.tsv'));
  const handRoutes = routes.filter((r) => r.origin === 'hand').map((r) => r.path);
  const dataRoutes = routes.filter((r) => r.origin === 'data').map((r) => r.path);
  return checkVerifiedPages({
    handRoutes,
    dataRoutes,
    record: read(RECORD_FILE),
    releaseWords: read(WORDS_FILE),
    pageWords: (route) => {
      const file = pageFile(siteDir, route);
      return file ? proseWords(read(file)) : null;
    },
  });
}

function main() {
  const {problems, summary} = checkSite(process.cwd());
  const {accurate, corrected, filled} = summary.results;
  console.log(
    `${RECORD_FILE}: ${summary.rows} row(s): ${accurate} accurate, ${corrected} corrected, ${filled} filled; ` +
      `pages under half of their release counterpart's words: ${summary.underHalfWithNote} with a "shorter:" note, ` +
      `${summary.underHalfWithoutNote} without; ${problems.length} problem(s).`,
  );
  for (const p of problems) console.error(`  ${p}`);
  if (problems.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
