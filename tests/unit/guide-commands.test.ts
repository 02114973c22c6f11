/**
 * The README and the maintainers' guide (maintaining/) name commands and link to each other: every `npm run` script
 * they name exists, every file a command runs exists, and every link between them leads to a file and heading that
 * exist. Text moved from one file to another keeps working, or this fails naming the file and the command or link.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const guideFiles = ['README.md', ...readdirSync(path.join(root, 'maintaining')).filter((name) => name.endsWith('.md')).map((name) => `maintaining/${name}`)];
const scripts = new Set(Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts));
const textOf = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
const anchorsOf = (file: string) => new Set([...textOf(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1])));

/** Problems with the commands one file names. */
function commandProblems(file: string): string[] {
  const text = textOf(file);
  const problems: string[] = [];
  for (const [, script] of text.matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)) {
    if (!scripts.has(script)) problems.push(`${file}: npm run ${script} is not a script of package.json`);
  }
  for (const [, runner, target] of text.matchAll(/\b(npx tsx|node(?: [-\w=]+)*|npx vitest run(?: --config \S+)?|npm run test:e2e --) ((?:scripts|tests|lib|src|plugins|server)\/[\w./-]+)/g)) {
    if (!existsSync(path.join(root, target))) problems.push(`${file}: ${runner} ${target}: no such file or folder`);
  }
  return problems;
}

/** Problems with the relative links of one file: a missing file, or a heading the target does not have. */
function linkProblems(file: string): string[] {
  const problems: string[] = [];
  for (const [, target] of textOf(file).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [relative, anchor] = target.split('#');
    const linked = relative ? path.posix.join(path.posix.dirname(file), relative) : file;
    if (!existsSync(path.join(root, linked))) {
      problems.push(`${file}: link to ${target}: no such file`);
    } else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
      problems.push(`${file}: link to ${target}: ${linked} has no such heading`);
    }
  }
  return problems;
}

describe('the README and the maintainers\' guide', () => {
  it('name only scripts and files that exist', () => {
    expect(guideFiles.flatMap(commandProblems)).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    expect(guideFiles.flatMap(linkProblems)).toEqual([]);
  });

  it('keep the README short and link it to every file of the guide', () => {
    const readme = textOf('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const linked = new Set([...readme.matchAll(/\]\((maintaining\/[\w-]+\.md)/g)].map((match) => match[1]));
    expect(guideFiles.filter((file) => file !== 'README.md' && !linked.has(file))).toEqual([]);
  });

  it('sees the commands and links it checks', () => {
    // A pattern that matched nothing would pass the checks above.
    expect(commandProblems('maintaining/commands.md')).toEqual([]);
    expect([...textOf('maintaining/commands.md').matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)].length).toBeGreaterThan(10);
    expect(anchorsOf('maintaining/testing.md').has('the-browser-tests-chromium')).toBe(true);
  });
});
