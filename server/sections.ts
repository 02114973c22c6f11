import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {generateDocs} from '../plugins/generate/generate';
import {collectSections} from '../plugins/search-index/collect';
import {CHAT_SECTIONS_FILE} from '../plugins/search-index/constants';
import type {Section} from '../lib/search/types';

/** The build's sections (written by the index plugin); without a build, the same pass over docs/. */
export function loadSections(buildDir: string, siteDir = process.cwd()): Section[] {
  const built = path.join(buildDir, CHAT_SECTIONS_FILE);
  if (existsSync(built)) return JSON.parse(readFileSync(built, 'utf8')) as Section[];
  return sectionsOfTree(siteDir);
}

/** The sections the next build will index: the generated pages written afresh, then docs/ read with its questions. */
export function sectionsOfTree(siteDir = process.cwd()): Section[] {
  generateDocs(siteDir);
  return collectSections(siteDir);
}
