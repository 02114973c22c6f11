import {readFileSync} from 'node:fs';

/**
 * The question sets the retrieval is measured on, each a TSV of `text<TAB>acceptable routes` (comma- or
 * space-separated, best first; `-` marks an off-topic question the chat should decline), `#` lines and a header row
 * ignored, further columns (a source link) ignored.
 */

export interface LabelledQuestion {
  text: string;
  /** Routes a reader would accept as the first reference; empty for an off-topic question. */
  acceptable: string[];
}

export interface QuestionSet {
  name: string;
  file: string;
  /** How the set is asked: as a chat question (references) or as keywords in the search box. */
  mode: 'chat' | 'search';
  /** Whether the set is the one the harness reports cross-validated (the real users' questions). */
  primary?: boolean;
  /** What the set is, for the report. */
  about: string;
  /** What each of its questions weighs in the fit's objective (scripts/evaluation/fit.ts); 0: reported, never fitted on. */
  fitWeight: number;
  questions: LabelledQuestion[];
}

/** Reads one set file. */
export function readQuestionFile(file: string): LabelledQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !/^question\t/i.test(line))
    .map((line) => {
      const [text, routes = '-'] = line.split('\t');
      const list = routes.trim();
      return {text: text.trim(), acceptable: list === '-' || list === '' ? [] : list.split(/[,\s]+/).filter(Boolean)};
    });
}

/** Every set in data/, in report order. */
export function readQuestionSets(dir = 'data'): QuestionSet[] {
  const set = (name: string, file: string, mode: QuestionSet['mode'], about: string, fitWeight: number, primary = false): QuestionSet => ({
    name,
    file: `${dir}/${file}`,
    mode,
    about,
    fitWeight,
    primary,
    questions: readQuestionFile(`${dir}/${file}`),
  });
  return [
    // Real users' questions count 3 times a written one: they are what readers ask.
    set('real', 'real-dev-questions.tsv', 'chat', 'questions real users filed in public issues, as they wrote them', 3, true),
    set('curated', 'chat-dev-questions.tsv', 'chat', 'questions written to be answerable (regression set)', 1),
    // Reported only: fitting on these 226 written questions too pulled the weights toward their style, and lowered the
    // real questions' 5-fold cross-validated hit@1 from 0.538 to 0.477 (hit@3 0.738 to 0.662).
    set('team', 'chat-team-questions.tsv', 'chat', "questions the team wrote in its own words (regression set, not fitted on)", 0),
    set('keywords', 'search-dev-queries.tsv', 'search', 'keyword queries typed in the search box (regression set)', 1),
  ];
}
