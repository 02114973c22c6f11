import Database from 'better-sqlite3';
import {analyzeQuery} from '../../lib/search/query';
import {processTerm, tokenize} from '../../lib/search/terms';
import {oneLine} from '../../server/query-log/report-text';

/** Questions that got the don't-know message and read the same to the search: one page the docs lack. */
export interface DontKnowGroup {
  /** The subject terms the search reads from these questions (stemmed, question and filler words dropped), sorted. */
  terms: string[];
  /** The same subject in the words readers typed, one per term ("OneLake" where the search reads `onelak`). */
  words: string[];
  /** How many times these questions were asked. */
  count: number;
  /** When one of them was last asked. */
  lastAsked: Date;
  /** The wordings as readers typed them, most asked first (then the latest). */
  wordings: Array<{text: string; count: number; lastAsked: Date}>;
}

/** A question as the report reads it: without control, escape and direction characters, which would otherwise stay inside the words. */
const shown = (question: string) => oneLine(question);

/**
 * The key questions are grouped by: their subject terms as the search's query analysis reads them, so "How do I add
 * tags?" and "adding a tag" meet. A question with no subject word at all ("???") keeps its own lower-cased wording.
 */
export function groupingTerms(question: string): string[] {
  const terms = analyzeQuery(shown(question), []).subjectTerms;
  return terms.length > 0 ? [...terms].sort() : [shown(question).toLowerCase()];
}

/** The word readers typed that the search reads as `term`, from the first of `wordings` that has one; else the term. */
function typedWord(term: string, wordings: readonly string[]): string {
  for (const wording of wordings) {
    // Split as the query analysis splits a question (apostrophes dropped first), so each word maps to its term.
    const word = tokenize(shown(wording).replace(/['’]/g, '')).find((w) => processTerm(w) === term);
    if (word) return word;
  }
  return term;
}

/** A group as the temporary database orders them. */
interface OrderedGroup {
  grouping: string;
  terms: string;
  count: number;
  last_asked: number;
}

/** One distinct don't-know question as the log holds it: its wording, how often it was asked and when last. */
export interface DontKnowPrompt {
  prompt: string;
  count: number;
  lastAsked: Date;
}

/**
 * The don't-know questions of a period, grouped as groupingTerms reads them, kept in a temporary SQLite database on
 * disk rather than in memory: a year's log holds more distinct questions than a report should hold at once, and only
 * the first groups of each list are read back whole. `add` them in the order the log gives them (a tie between two
 * wordings of one group keeps that order), then take the groups; `close` deletes the database.
 */
export class DontKnowQuestions {
  private readonly db = new Database('');
  private readonly insert: Database.Statement;
  private pending: Array<[string, string, string, number, number]> = [];
  private added = 0;

  constructor() {
    // Nothing here is worth a journal: the database lives and dies with this report.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec('CREATE TABLE prompts (seq INTEGER PRIMARY KEY, grouping TEXT NOT NULL, terms TEXT NOT NULL, prompt TEXT NOT NULL, count INTEGER NOT NULL, last_asked INTEGER NOT NULL)');
    this.insert = this.db.prepare('INSERT INTO prompts (grouping, terms, prompt, count, last_asked) VALUES (?, ?, ?, ?, ?)');
  }

  add({prompt, count, lastAsked}: DontKnowPrompt): void {
    const terms = groupingTerms(prompt);
    this.pending.push([terms.join(' '), JSON.stringify(terms), prompt, count, lastAsked.getTime()]);
    this.added += 1;
    if (this.pending.length >= 10_000) this.flush();
  }

  private flush() {
    const rows = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const row of rows) this.insert.run(...row);
    })();
  }

  /**
   * The first `limit` groups that each of `lists` keeps (a group goes to every list whose test it passes), most asked
   * first, then the more recently asked, then by their terms; each with all its wordings, ordered the same way.
   */
  groups(limit: number, lists: Array<(group: Pick<DontKnowGroup, 'terms'>) => boolean>): DontKnowGroup[][] {
    this.flush();
    // The groups in order, written once; read back a page at a time (a statement cannot run while another iterates).
    // A group's terms are those of its first question, as the log gave them.
    this.db.exec(`DROP TABLE IF EXISTS ordered;
      CREATE INDEX IF NOT EXISTS prompts_grouping ON prompts (grouping, count DESC, last_asked DESC, seq);
      CREATE TABLE ordered AS SELECT grouping, terms, MIN(seq) AS first, SUM(count) AS count, MAX(last_asked) AS last_asked
        FROM prompts GROUP BY grouping ORDER BY count DESC, last_asked DESC`);
    const page = this.db.prepare('SELECT rowid, grouping, terms, count, last_asked FROM ordered WHERE rowid > ? ORDER BY rowid LIMIT 1000');
    const wordingsOf = this.db.prepare('SELECT prompt, count, last_asked FROM prompts WHERE grouping = ? ORDER BY count DESC, last_asked DESC, seq');
    const taken: DontKnowGroup[][] = lists.map(() => []);
    const full = () => taken.every((list) => list.length >= limit);
    /** Groups that tie on count and time, ordered by their terms, then dealt to the lists that still want them. */
    const deal = (run: OrderedGroup[]) => {
      run.sort((a, b) => a.grouping.localeCompare(b.grouping));
      for (const row of run) {
        const terms = JSON.parse(row.terms) as string[];
        const wanted = lists.map((keep, i) => taken[i].length < limit && keep({terms}));
        if (!wanted.includes(true)) continue;
        const wordings = (wordingsOf.all(row.grouping) as Array<{prompt: string; count: number; last_asked: number}>).map((w) => ({
          text: w.prompt,
          count: w.count,
          lastAsked: new Date(w.last_asked),
        }));
        // The words of the most asked wording first: the subject reads as most readers put it.
        const words = terms.map((term) => typedWord(term, wordings.map((w) => w.text)));
        const group: DontKnowGroup = {terms, words, count: row.count, lastAsked: new Date(row.last_asked), wordings};
        wanted.forEach((yes, i) => yes && taken[i].push(group));
      }
    };
    let run: OrderedGroup[] = [];
    for (let after = 0; !full(); ) {
      const rows = page.all(after) as Array<OrderedGroup & {rowid: number}>;
      if (rows.length === 0) break;
      for (const row of rows) {
        if (run.length > 0 && (row.count !== run[0].count || row.last_asked !== run[0].last_asked)) {
          deal(run);
          run = [];
          if (full()) break;
        }
        run.push(row);
      }
      after = rows[rows.length - 1].rowid;
    }
    if (!full()) deal(run);
    return taken;
  }

  /** How many distinct questions were added. */
  get size(): number {
    return this.added;
  }

  close(): void {
    this.db.close();
  }
}

/** Groups don't-know questions by similar wording, most asked first; ties go to the more recently asked. */
export function groupDontKnowQuestions(prompts: ReadonlyArray<DontKnowPrompt>): DontKnowGroup[] {
  const questions = new DontKnowQuestions();
  try {
    for (const prompt of prompts) questions.add(prompt);
    return questions.groups(Infinity, [() => true])[0];
  } finally {
    questions.close();
  }
}

/**
 * Whether a group is about something other than these docs: more than half of its subject terms appear on no page of
 * the site (`onSite` says whether one does). "How do I bake sourdough bread?" (two of three words on no page) is; "How
 * do I connect OneLake?" (one of two) and "Does DataHub support Teradata lineage?" (one of three) are pages to write.
 */
export function isOffTopic(group: Pick<DontKnowGroup, 'terms'>, onSite: (term: string) => boolean): boolean {
  const unknown = group.terms.filter((term) => !onSite(term)).length;
  return unknown * 2 > group.terms.length;
}
