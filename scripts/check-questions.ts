/**
 * Question check (issue 47): the questions and problem reports each doc section answers, written by the team in
 * readers' words, live in data/questions/*.yaml (one file per part of the site): route -> section anchor ('' for the
 * page's opening, before its first heading) -> questions. Every route must be a doc route, every anchor a section of
 * that page as the site builds it, every question a sentence of readers' length, none repeated on a page, and none a
 * copy of a question of the evaluation sets (they measure how well unseen questions are answered, so their wording
 * must not leak into the data). `npx tsx scripts/check-questions.ts` prints the problems and the coverage per group.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {sidebarGroups} from '../data/sidebar-groups';
import {loadSiteData} from '../plugins/generate/load';
import {renderSite} from '../plugins/generate/generate';
import {headingAnchors} from '../plugins/search-index/extract-sections';
import {pageFile} from './check-verified-pages';
import {QUESTIONS_DIR, questionsFileSchema, readQuestionFiles, type QuestionsFile} from '../plugins/search-index/questions';

export {QUESTIONS_DIR, questionsFileSchema, type QuestionsFile};

/** Sets whose questions measure retrieval; none of their wording may appear in data/questions. */
export const EVALUATION_SETS = [
  'data/real-dev-questions.tsv', 'data/chat-dev-questions.tsv', 'data/chat-team-questions.tsv', 'data/search-dev-queries.tsv',
  'data/chat-thread-questions.tsv',
];

export interface QuestionProblem {
  file: string;
  message: string;
}

/** Lower case, letters and digits only, single spaces: two wordings that differ in case or punctuation compare equal. */
export const normalise = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, ' ').trim();

const tokens = (text: string) => new Set(normalise(text).split(' ').filter((t) => t.length > 1));

/** Whether a written question is (nearly) one of the evaluation questions: the same words, or 80% of them shared. */
export function copiesEvaluation(text: string, evaluation: ReadonlyArray<{normal: string; tokens: Set<string>}>): string | undefined {
  const normal = normalise(text);
  const own = tokens(text);
  for (const other of evaluation) {
    if (other.normal === normal) return other.normal;
    if (own.size < 4 || other.tokens.size < 4) continue;
    let shared = 0;
    for (const t of own) if (other.tokens.has(t)) shared++;
    if (shared / (own.size + other.tokens.size - shared) >= 0.8) return other.normal;
  }
  return undefined;
}

/** The first column of every evaluation set (the question or query), comments and header lines skipped. */
export function readEvaluationQuestions(siteDir: string): Array<{normal: string; tokens: Set<string>}> {
  return EVALUATION_SETS.flatMap((file) => readFileSync(path.join(siteDir, file), 'utf8').split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .flatMap((line) => line.split('\t').slice(0, file.endsWith('thread-questions.tsv') ? 2 : 1))
    .filter((text) => !['question', 'earlier'].includes(text))
    .map((text) => ({normal: normalise(text), tokens: tokens(text)})));
}

/** Anchors of every doc page ('' for the opening), hand-written pages from docs/ and generated ones rendered from data/. */
export function pageAnchors(siteDir: string): Map<string, Set<string>> {
  const data = loadSiteData(siteDir);
  const generated = renderSite(data);
  const anchors = new Map<string, Set<string>>();
  for (const route of data.routes) {
    const hand = pageFile(siteDir, route.path);
    const source = generated.get(`${route.path.replace(/^\/docs\//, '')}.md`) ?? (hand ? readFileSync(path.join(siteDir, hand), 'utf8') : undefined);
    if (source === undefined) continue;
    anchors.set(route.path, new Set(['', ...headingAnchors(source)]));
  }
  return anchors;
}

/** Checks one parsed questions file against the site's pages and the evaluation sets. */
export function checkQuestionsFile(
  file: string, questions: QuestionsFile, anchors: Map<string, Set<string>>, evaluation: ReadonlyArray<{normal: string; tokens: Set<string>}>,
): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  for (const [route, sections] of Object.entries(questions)) {
    const known = anchors.get(route);
    if (!known) {
      problems.push({file, message: `${file}: ${route} is not a doc route of data/routes.tsv`});
      continue;
    }
    const seen = new Set<string>();
    for (const [anchor, list] of Object.entries(sections)) {
      if (!known.has(anchor)) {
        problems.push({file, message: `${file}: ${route}#${anchor} is not a section of the page (its anchors: ${[...known].filter(Boolean).slice(0, 12).join(', ')}…)`});
      }
      for (const text of list) {
        const normal = normalise(text);
        if (seen.has(normal)) problems.push({file, message: `${file}: ${route}: "${text}" is written twice for this page`});
        seen.add(normal);
        const copied = copiesEvaluation(text, evaluation);
        // The evaluation question itself is not printed: its wording must not reach the data through the fix.
        if (copied) problems.push({file, message: `${file}: ${route}: "${text}" is too close to a question of the evaluation sets; write the page's own question from its content`});
      }
    }
  }
  return problems;
}

export interface QuestionsReport {
  problems: QuestionProblem[];
  /** Per sidebar group: pages with questions, pages in all, questions. */
  coverage: Array<{group: string; pages: number; withQuestions: number; questions: number}>;
}

export function checkQuestions(siteDir: string): QuestionsReport {
  const anchors = pageAnchors(siteDir);
  const evaluation = readEvaluationQuestions(siteDir);
  const problems: QuestionProblem[] = [];
  const perRoute = new Map<string, number>();
  for (const {file, questions} of readQuestionFiles(siteDir)) {
    problems.push(...checkQuestionsFile(file, questions, anchors, evaluation));
    for (const [route, sections] of Object.entries(questions)) {
      if (perRoute.has(route)) problems.push({file, message: `${file}: ${route} also has questions in another file; keep a page's questions in one file`});
      perRoute.set(route, (perRoute.get(route) ?? 0) + Object.values(sections).flat().length);
    }
  }
  const groupOf = (route: string) => {
    const id = route.replace(/^\/docs\//, '');
    return sidebarGroups.find((g) => g.prefixes.some((p) => id === p || id.startsWith(`${p}/`)))?.label ?? 'Other pages';
  };
  const coverage = new Map<string, {group: string; pages: number; withQuestions: number; questions: number}>();
  for (const route of anchors.keys()) {
    const group = groupOf(route);
    const entry = coverage.get(group) ?? {group, pages: 0, withQuestions: 0, questions: 0};
    entry.pages++;
    if (perRoute.has(route)) entry.withQuestions++;
    entry.questions += perRoute.get(route) ?? 0;
    coverage.set(group, entry);
  }
  return {problems, coverage: [...coverage.values()]};
}

function main() {
  const report = checkQuestions(process.cwd());
  for (const c of report.coverage) console.log(`${c.group}: ${c.withQuestions} of ${c.pages} pages, ${c.questions} questions`);
  console.log(`${report.problems.length} problem(s)`);
  for (const p of report.problems) console.error(`  ${p.message}`);
  if (report.problems.length) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
