/**
 * A larger site made from the real one, for the build at scale (issue 50 §1): a copy of the project in a folder of its
 * own (the tracked and untracked files git knows, node_modules linked) whose docs/ — hand-written pages and the pages
 * the build generates from data/ — is copied `factor - 1` times under docs/copyN/, each copy's prose altered as
 * scaled-sections.ts alters the sections. The copies join data/routes.tsv and, by default, the overview sidebar
 * beside their originals, each in its original's group (a bigger site's sidebar is bigger too, and every page of a
 * group renders the group's items); with `sidebar: 'none'` they are left out of it and render without a sidebar, as
 * the routes marked `none` do. Either way the build's own checks hold:
 * links resolve (absolute ones to the originals, relative ones within the copy), anchors are the originals' (headings
 * are left as they are), routes are unique (a copy's front-matter slug moves under /copyN).
 */
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {generateDocs} from '../../plugins/generate/generate';
import {readRoutes} from '../../plugins/routes';
import {alterWords, seededRandom} from './scaled-sections';

/**
 * Spans of a prose line that stay as they are: inline code, link and image targets, HTML and JSX tags, MDX
 * expressions, entities, URLs, footnote marks and reference links (their text too).
 */
const PROTECTED = /(`+)[\s\S]*?\1|\]\([^)]*\)|<[^>]*>|\{[^}]*\}|&#?\w+;|[a-z][a-z+.-]*:\/\/[^\s)>\]]+|\[\^[^\]]*\]|\[[^\]]*\]\[[^\]]*\]/g;

/** Alters the words of a prose line outside its protected spans. */
function alterProse(line: string, copy: number, random: () => number): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(PROTECTED)) {
    out += alterWords(line.slice(last, match.index), copy, random) + match[0];
    last = match.index + match[0].length;
  }
  return out + alterWords(line.slice(last), copy, random);
}

/** A copy's front-matter slug: under /copyN, so that the copy has a route of its own. */
const copySlug = (line: string, copy: number) =>
  line.replace(/^slug:\s*(['"]?)(\S*?)\1\s*$/, (_, quote: string, slug: string) => `slug: ${quote}/copy${copy}${slug === '/' ? '' : slug.startsWith('/') ? slug : `/${slug}`}${quote}`);

/**
 * The page as copy number `copy` has it: the words of its prose altered (about 30% of those of four letters or
 * more), everything else as it was: front matter (but its slug, moved under /copyN), fenced code, MDX import and
 * export blocks, JSX and HTML block lines, headings (their text makes the anchors that links point at), admonition
 * markers, link-reference definitions, and within a line the spans of PROTECTED. Pure; `random` decides which words.
 */
export function alterPage(source: string, copy: number, random: () => number): string {
  const lines = source.split('\n');
  let start = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      for (let i = 1; i < end; i++) lines[i] = copySlug(lines[i], copy);
      start = end + 1;
    }
  }
  let fence: RegExp | null = null;
  let esm = false;
  let tag = false;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trimStart();
    if (fence) {
      if (fence.test(trimmed)) fence = null;
      continue;
    }
    const opening = /^(`{3,}|~{3,})/.exec(trimmed);
    if (opening) {
      fence = new RegExp(`^${opening[1][0] === '`' ? '`' : '~'}{${opening[1].length},}\\s*$`);
      continue;
    }
    // An MDX import or export runs to the next blank line; a tag to its closing '>'.
    if (esm) {
      esm = trimmed !== '';
      continue;
    }
    if (tag) {
      tag = !line.includes('>');
      continue;
    }
    if (/^(import|export)\s/.test(line)) {
      esm = true;
      continue;
    }
    if (trimmed.startsWith('<')) {
      tag = !line.includes('>');
      continue;
    }
    if (/^#{1,6}(\s|$)/.test(trimmed) || trimmed.startsWith(':::') || /^\[[^\]]+\]:/.test(trimmed)) continue;
    lines[i] = alterProse(line, copy, random);
  }
  return lines.join('\n');
}

/** The route of a page's copy: /docs/x becomes /docs/copyN/x. */
export const copyRoute = (route: string, copy: number) => route.replace(/^\/docs\//, `/docs/copy${copy}/`);

/** A seed of its own for each page of each copy, so a page's copy does not depend on which pages precede it. */
const seedOf = (copy: number, file: string) => createHash('sha256').update(`${copy}:${file}`).digest().readUInt32LE(0);

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

/**
 * The data/sidebar-groups.ts of the scaled site: the real groups (moved to sidebar-groups.real.ts), each with its
 * prefixes repeated under every copy, so that a copy's page sits in the group of its original.
 */
const scaledSidebarGroups = (factor: number) => `// Written by scripts/bench/scaled-site.ts for a site ${factor} times the size.
import {sidebarGroups as realGroups} from './sidebar-groups.real';
export type {SidebarGroup} from './sidebar-groups.real';

const copies = Array.from({length: ${factor - 1}}, (_, i) => i + 1);
export const sidebarGroups = realGroups.map((g) => ({...g, prefixes: [...g.prefixes, ...copies.flatMap((n) => g.prefixes.map((p) => \`copy\${n}/\${p}\`))]}));
`;

/** Where the copies go in the sidebar: in their originals' groups, or nowhere. */
export type CopiesSidebar = 'groups' | 'none';

export interface ScaledSite {
  siteDir: string;
  /** Doc pages (Markdown and MDX) under docs/, copies included. */
  pages: number;
}

/**
 * Writes the project at `repoDir` into a new folder under the system's temporary directory with its docs `factor`
 * times over (see the top of this file); node_modules is a link to the project's. The project's own files are not
 * touched. The caller removes the folder.
 */
export function writeScaledSite(repoDir: string, factor: number, sidebar: CopiesSidebar = 'groups'): ScaledSite {
  const siteDir = mkdtempSync(path.join(tmpdir(), `datahub-scale-${factor}x-`));
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: repoDir, encoding: 'utf8'}).split('\0').filter(Boolean);
  for (const file of tracked) {
    const from = path.join(repoDir, file);
    if (!existsSync(from) || statSync(from).isDirectory()) continue;
    mkdirSync(path.dirname(path.join(siteDir, file)), {recursive: true});
    copyFileSync(from, path.join(siteDir, file));
  }
  symlinkSync(path.join(repoDir, 'node_modules'), path.join(siteDir, 'node_modules'));
  // The generated reference pages are copied too: written first, as the build would write them.
  generateDocs(siteDir);
  const docsDir = path.join(siteDir, 'docs');
  const pages = listFiles(docsDir);
  for (let copy = 1; copy < factor; copy++) {
    for (const file of pages) {
      const target = path.join(docsDir, `copy${copy}`, file);
      mkdirSync(path.dirname(target), {recursive: true});
      const text = readFileSync(path.join(docsDir, file), 'utf8');
      writeFileSync(target, /\.mdx?$/.test(file) ? alterPage(text, copy, seededRandom(seedOf(copy, file))) : text);
    }
  }
  const routesFile = path.join(siteDir, 'data/routes.tsv');
  const routesText = readFileSync(routesFile, 'utf8');
  const routes = readRoutes(routesText);
  // A copy is a file under docs/ for the build, not a page the generator owes: its origin is 'hand'.
  const copied = Array.from({length: factor - 1}, (_, i) => routes.map((r) => `${copyRoute(r.path, i + 1)}\t${sidebar === 'none' ? 'none' : r.sidebar}\thand`)).flat();
  writeFileSync(routesFile, `${routesText.trimEnd()}\n${copied.map((line) => `${line}\n`).join('')}`);
  if (sidebar === 'groups') {
    const groupsFile = path.join(siteDir, 'data/sidebar-groups.ts');
    copyFileSync(groupsFile, path.join(siteDir, 'data/sidebar-groups.real.ts'));
    writeFileSync(groupsFile, scaledSidebarGroups(factor));
  }
  return {siteDir, pages: pages.filter((f) => /\.mdx?$/.test(f)).length * factor};
}
