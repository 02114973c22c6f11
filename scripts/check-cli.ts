/**
 * CLI check: every `datahub …` command a page or data file shows (in a shell code block or an inline code span) names
 * commands and options the v0.10.5 CLI has (data/reference/cli-v0.10.5.json, extracted by
 * scripts/reference/extract_cli.py). A group with a default command (`datahub delete --urn x` runs `delete by-filter`)
 * is followed the way click-default-group does; commands of other packages (`datahub actions`) are not checked.
 * `npx tsx scripts/check-cli.ts` prints every problem; scripts/check-cli.test.ts runs it in `npm test`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {closesFence, fenceOf} from '../lib/markdown/fences';
import {GENERATED_MARKER, readIfPresent} from './check-release-facts';

export const CLI_FILE = 'data/reference/cli-v0.10.5.json';

const cliSchema = z.strictObject({
  release: z.string(),
  commit: z.string(),
  derivedBy: z.string(),
  external: z.array(z.string()),
  commands: z.record(z.string(), z.strictObject({
    options: z.array(z.strictObject({names: z.array(z.string()), flag: z.boolean()})),
    subcommands: z.array(z.string()).optional(),
    default: z.string().optional(),
  })),
});
export type Cli = z.infer<typeof cliSchema>;

export function readCli(siteDir: string): Cli {
  return cliSchema.parse(JSON.parse(readFileSync(path.join(siteDir, CLI_FILE), 'utf8')));
}

/** Shell words of a command line, quotes kept together, up to the first operator or comment. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"[^"]*"|'[^']*'|[^\s"']+/g)) {
    const word = match[0];
    if (/^(\||\|\||&&|;|>|>>|2>&1|#.*)$/.test(word) || word.startsWith('#')) break;
    words.push(word);
  }
  return words;
}

/** Why a `datahub` command line is not one the release accepts; empty when it is. */
export function commandProblems(words: string[], cli: Cli): string[] {
  if (words[0] !== 'datahub') return [];
  const problems: string[] = [];
  let command = 'datahub';
  let positional = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    const entry = cli.commands[command];
    if (word.startsWith('-') && word !== '-') {
      const name = word.split('=')[0];
      const option = entry.options.find((o) => o.names.includes(name));
      if (!option && entry.default && !positional) {
        // click-default-group hands an option its group does not know to the default command.
        command = `${command} ${entry.default}`;
        i--;
        continue;
      }
      if (!option) {
        problems.push(`\`${command}\` has no option ${name} in ${cli.release}`);
        continue;
      }
      if (!option.flag && !word.includes('=')) i++;
      continue;
    }
    if (entry.subcommands && !positional) {
      if (entry.subcommands.includes(word)) {
        command = `${command} ${word}`;
        continue;
      }
      if (command === 'datahub' && cli.external.includes(word)) return problems;
      if (entry.default) {
        command = `${command} ${entry.default}`;
        i--; // The word belongs to the default command.
        continue;
      }
      if (/^([<$[{]|\.\.\.|…)/.test(word)) return problems; // A placeholder for the command the reader picks.
      problems.push(`\`${command}\` has no command "${word}" in ${cli.release} (it has ${entry.subcommands.join(', ')})`);
      return problems;
    }
    positional = true;
  }
  return problems;
}

/** Fence languages whose lines are shell commands (no language: often a terminal session). */
const SHELL_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'console', 'zsh', 'text']);

/** `datahub …` command lines of a page: shell code block lines (continuations joined) and inline code spans. */
export function commandLines(text: string): Array<{line: number; words: string[]}> {
  const found: Array<{line: number; words: string[]}> = [];
  const lines = text.split('\n');
  let fence: string | null = null;
  let shell = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence !== null) {
      if (closesFence(line, fence)) {
        fence = null;
        continue;
      }
      if (!shell) continue;
      let joined = line;
      const start = i;
      while (/\\\s*$/.test(joined) && i + 1 < lines.length) joined = joined.replace(/\\\s*$/, ' ') + lines[++i];
      const command = joined.replace(/^\s*(?:\$\s+|>\s+)?/, '');
      if (/^datahub\s/.test(command)) found.push({line: start + 1, words: shellWords(command)});
      continue;
    }
    fence = fenceOf(line);
    if (fence !== null) {
      shell = SHELL_LANGUAGES.has(line.match(/^\s*(?:`{3,}|~{3,})\s*([\w-]*)/)?.[1].toLowerCase() ?? '');
      continue;
    }
    for (const span of line.matchAll(/`(datahub\s[^`]+)`/g)) found.push({line: i + 1, words: shellWords(span[1])});
  }
  return found;
}

export interface CliProblem {
  file: string;
  line: number;
  message: string;
}

export function checkCliText(file: string, text: string, cli: Cli): CliProblem[] {
  return commandLines(text).flatMap(({line, words}) => commandProblems(words, cli).map((message) => ({file, line, message: `${message} (${CLI_FILE})`})));
}

export function checkCli(siteDir: string): {problems: CliProblem[]; commands: number} {
  const cli = readCli(siteDir);
  const under = (dir: string, pattern: RegExp) =>
    (readdirSync(path.join(siteDir, dir), {recursive: true}) as string[]).filter((f) => pattern.test(f)).map((f) => `${dir}/${f.split(path.sep).join('/')}`);
  const files = [...under('docs', /\.mdx?$/), ...under('data', /\.ya?ml$/).filter((f) => !f.startsWith('data/reference/'))].sort();
  const problems: CliProblem[] = [];
  let commands = 0;
  for (const file of files) {
    const text = readIfPresent(path.join(siteDir, file));
    if (text === null || text.includes(GENERATED_MARKER)) continue;
    // A data file's text is YAML whose strings may hold Markdown: inline spans are what it can show.
    commands += commandLines(text).length;
    problems.push(...checkCliText(file, text, cli));
  }
  return {problems, commands};
}

function main() {
  const {problems, commands} = checkCli(process.cwd());
  console.log(`Checked ${commands} datahub command lines against ${CLI_FILE}: ${problems.length} problem(s).`);
  for (const p of problems) console.error(`  ${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
