import MiniSearch, {type Options} from 'minisearch';

/**
 * Builds a MiniSearch engine whose postings are compact from the start (lean-search.ts reads them), as MiniSearch's
 * addAll followed by compactPostings would leave it, without MiniSearch's own indexing.
 *
 * MiniSearch's add looks every token up in its radix tree (a walk that slices the term at each node) and counts it in
 * a Map per term and field, holding an entry per section: at ten times the site's sections that was most of the chat
 * worker's start (issue 50). Here a token is looked up in one hash map, and its section appended to the term's list in
 * its field (sections come in order, so a repeated token only counts up the last entry). Terms go into the radix tree
 * once each, in the order MiniSearch would have met them, so that prefix and typo-tolerant look-ups list them in the
 * same order; field lengths and their averages are MiniSearch's own (its addFieldLength), so every score is the same.
 */

/** The MiniSearch internals this builder fills (MiniSearch 7.2; the unit test compares both builds). */
interface Writable {
  _options: Required<Pick<Options, 'fields' | 'idField'>> & {
    tokenize: (text: string, field: string) => string[];
    processTerm: (term: string, field: string) => string | string[] | null | undefined | false;
    extractField: (document: unknown, field: string) => unknown;
    stringifyField: (value: unknown, field: string) => string;
  };
  _index: {set(term: string, data: Map<number, {ids: Int32Array; freqs: Int32Array}>): unknown};
  _fieldIds: Record<string, number>;
  _documentCount: number;
  addDocumentId(id: unknown): number;
  saveStoredFields(shortId: number, document: unknown): void;
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void;
}

/** Engines built here: their postings are compact already (compactPostings has nothing to do). */
const compactEngines = new WeakSet<MiniSearch<any>>();

/** Whether an engine was built by buildCompactEngine. */
export const isCompactEngine = (mini: MiniSearch<any>) => compactEngines.has(mini);

/** An Int32Array that grows as it is written, new room set to `fill`. */
class GrowingInts {
  values: Int32Array;
  length = 0;

  constructor(private readonly fill = 0) {
    this.values = new Int32Array(1024).fill(fill);
  }

  push(value: number): number {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length] = value;
    return this.length++;
  }

  /** Makes room up to index `at`. */
  ensure(at: number) {
    if (at >= this.values.length) this.grow(at + 1);
    if (at >= this.length) this.length = at + 1;
  }

  private grow(size: number) {
    const grown = new Int32Array(Math.max(size, this.values.length * 2)).fill(this.fill, this.values.length);
    grown.set(this.values);
    this.values = grown;
  }
}

/**
 * A MiniSearch engine over documents with compact postings; search it with leanSearcher only (MiniSearch's search
 * reads Maps). The options' processTerm is called once per distinct token.
 */
export function buildCompactEngine<T>(options: Options<T>, documents: readonly T[]): MiniSearch<T> {
  const mini = new MiniSearch<T>(options);
  const engine = mini as unknown as Writable;
  const {fields, idField, tokenize, processTerm, extractField, stringifyField} = engine._options;
  const fieldCount = fields.length;
  const fieldIds = fields.map((field) => engine._fieldIds[field]);
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  // Each token's term number (-1: no term), so that a token repeated through the corpus is processed once.
  const tokenTerms = new Map<string, number>();
  // One posting per term, field and section, in the order met: its key (term x fields + field), section and count.
  const keys = new GrowingInts();
  const sections = new GrowingInts();
  const counts = new GrowingInts();
  // Per key, its last posting (-1: none yet); and per term, its fields in the order it first met them.
  const lastPosting = new GrowingInts(-1);
  const fieldsMet = new GrowingInts();
  const fieldsMetCount = new GrowingInts();

  const termOf = (token: string, field: string): number => {
    let termId = tokenTerms.get(token);
    if (termId !== undefined) return termId;
    const processed = processTerm(token, field);
    if (Array.isArray(processed)) throw new Error('buildCompactEngine: processTerm must return one term');
    termId = -1;
    if (processed) {
      termId = termIds.get(processed) ?? -1;
      if (termId < 0) {
        termId = terms.push(processed) - 1;
        termIds.set(processed, termId);
        lastPosting.ensure((termId + 1) * fieldCount - 1);
        fieldsMetCount.ensure(termId);
        fieldsMet.ensure((termId + 1) * fieldCount - 1);
      }
    }
    tokenTerms.set(token, termId);
    return termId;
  };

  for (const document of documents) {
    const id = extractField(document, idField);
    if (id == null) throw new Error(`MiniSearch: document does not have ID field "${idField}"`);
    const shortId = engine.addDocumentId(id);
    engine.saveStoredFields(shortId, document);
    for (let f = 0; f < fieldCount; f++) {
      const value = extractField(document, fields[f]);
      if (value == null) continue;
      const fieldId = fieldIds[f];
      const tokens = tokenize(stringifyField(value, fields[f]), fields[f]);
      engine.addFieldLength(shortId, fieldId, engine._documentCount - 1, new Set(tokens).size);
      for (const token of tokens) {
        const termId = termOf(token, fields[f]);
        if (termId < 0) continue;
        const key = termId * fieldCount + fieldId;
        const last = lastPosting.values[key];
        if (last >= 0 && sections.values[last] === shortId) {
          counts.values[last]++;
          continue;
        }
        if (last < 0) fieldsMet.values[termId * fieldCount + fieldsMetCount.values[termId]++] = fieldId;
        lastPosting.values[key] = keys.push(key);
        sections.push(shortId);
        counts.push(1);
      }
    }
  }

  // Postings grouped by key in two arrays (a stable counting sort: sections stay ascending), each list a view of them.
  const starts = new Int32Array(terms.length * fieldCount + 1);
  for (let p = 0; p < keys.length; p++) starts[keys.values[p] + 1]++;
  for (let key = 0; key < terms.length * fieldCount; key++) starts[key + 1] += starts[key];
  const ids = new Int32Array(keys.length);
  const freqs = new Int32Array(keys.length);
  const filled = starts.slice(0, -1);
  for (let p = 0; p < keys.length; p++) {
    const at = filled[keys.values[p]]++;
    ids[at] = sections.values[p];
    freqs[at] = counts.values[p];
  }
  terms.forEach((term, termId) => {
    const data = new Map<number, {ids: Int32Array; freqs: Int32Array}>();
    for (let i = 0; i < fieldsMetCount.values[termId]; i++) {
      const key = termId * fieldCount + fieldsMet.values[termId * fieldCount + i];
      data.set(key - termId * fieldCount, {ids: ids.subarray(starts[key], starts[key + 1]), freqs: freqs.subarray(starts[key], starts[key + 1])});
    }
    engine._index.set(term, data);
  });
  compactEngines.add(mini);
  return mini;
}
