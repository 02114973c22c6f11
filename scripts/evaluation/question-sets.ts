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
  const set = (name: string, file: string, mode: QuestionSet['mode'], about: string, primary = false): QuestionSet => ({
    name,
    file: `${dir}/${file}`,
    mode,
    about,
    primary,
    questions: readQuestionFile(`${dir}/${file}`),
  });
  return [
    set('real', 'real-dev-questions.tsv', 'chat', 'questions real users filed in public issues, as they wrote them', true),
    set('curated', 'chat-dev-questions.tsv', 'chat', 'questions written to be answerable (regression set)'),
    set('team', 'chat-team-questions.tsv', 'chat', "questions the team wrote in its own words (regression set)"),
    set('keywords', 'search-dev-queries.tsv', 'search', 'keyword queries typed in the search box (regression set)'),
  ];
}
