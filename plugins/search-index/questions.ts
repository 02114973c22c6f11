/**
 * The questions each section answers (data/questions/*.yaml, issue 47): their schema and reader.
 * scripts/check-questions.ts holds the files to the pages.
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {readData} from '../generate/load';

export const QUESTIONS_DIR = 'data/questions';

const question = z.string().trim()
  .min(8, 'a question of at least 8 characters')
  .max(220, 'at most 220 characters: one question or one pasted error line, not a paragraph');

/** One file of data/questions/: route -> anchor ('' for the page's opening) -> questions that section answers. */
export const questionsFileSchema = z.record(
  z.string().regex(/^\/docs(\/[a-z0-9_\-.]+)+$/, 'a doc route such as /docs/quickstart'),
  z.record(z.string().regex(/^[a-z0-9_\-]*$/, "a section anchor such as 'troubleshooting' ('' for the page's opening)"), z.array(question).min(1)),
);
export type QuestionsFile = z.infer<typeof questionsFileSchema>;

/** The questions files of a site, parsed, with their paths relative to the site; an invalid file throws naming it. */
export function readQuestionFiles(siteDir: string): Array<{file: string; questions: QuestionsFile}> {
  const dir = path.join(siteDir, QUESTIONS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((name) => {
    const file = `${QUESTIONS_DIR}/${name}`;
    return {file, questions: readData(siteDir, file, questionsFileSchema)};
  });
}
