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
  generateDocs(siteDir);
  return collectSections(siteDir);
}
