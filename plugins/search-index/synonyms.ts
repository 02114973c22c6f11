import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import * as z from 'zod';
import {compileSynonyms, type SynonymTable} from '../../lib/search/synonyms';

/** File of the synonyms and abbreviations, relative to the site directory. */
export const SYNONYMS_FILE = 'data/search-synonyms.yaml';

const phrase = z.string().trim().min(1, 'a phrase must not be empty').max(80);

/** data/search-synonyms.yaml: a list of entries, each either equivalent phrases or a one-way expansion. */
const synonymsSchema = z.array(
  z.union([
    /** Phrases that mean the same thing: typing any one finds the others. */
    z.array(phrase).min(2, 'list at least two equivalent phrases'),
    z.object({
      /** What a reader types (an abbreviation, a product's other name). */
      input: z.union([phrase, z.array(phrase).min(1)]),
      /** What it also searches for; typing these does not search for the input. */
      synonyms: z.array(phrase).min(1, 'give at least one synonym'),
    }).strict(),
  ]),
);

/** Reads and validates the synonyms file; an invalid entry fails with its position and what is expected. */
export function loadSynonyms(siteDir: string): SynonymTable {
  const file = path.join(siteDir, SYNONYMS_FILE);
  const parsed = synonymsSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `entry ${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${SYNONYMS_FILE}: ${issues}. Each entry is a list of equivalent phrases, or {input, synonyms}.`);
  }
  return compileSynonyms(parsed.data);
}
