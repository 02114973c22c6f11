/**
 * The questions each section answers (data/questions/*.yaml, issue 47): their schema and reader.
 * scripts/check-questions.ts holds the files to the pages.
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {readData} from '../generate/load';
import type {Section} from '../../lib/search/types';

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

/**
 * The sections with the questions written for them (`questions`): a question under anchor '' belongs to the page's
 * opening section. scripts/check-questions.ts fails on an anchor no section has, so none is dropped here unnoticed.
 */
export function attachQuestions(sections: Section[], files: Array<{questions: QuestionsFile}>): Section[] {
  const byUrl = new Map<string, string[]>();
  for (const {questions} of files) {
    for (const [route, anchors] of Object.entries(questions)) {
      for (const [anchor, list] of Object.entries(anchors)) {
        const url = anchor ? `${route}#${anchor}` : route;
        byUrl.set(url, [...(byUrl.get(url) ?? []), ...list]);
      }
    }
  }
  return sections.map((s) => (byUrl.has(s.url) ? {...s, questions: byUrl.get(s.url)} : s));
}
