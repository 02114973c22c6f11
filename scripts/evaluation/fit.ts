import {matchQuery, type RankingSearchIndex} from '../../lib/search/engine';
import {RANKING_FEATURES, scoreSections, sectionFeatures, type RankingWeights, type SectionFeatures} from '../../lib/search/rank';
import {namesUnknownProduct, similarity} from '../../lib/search/retrieval';
import type {LabelledQuestion, QuestionSet} from './question-sets';
import {chatDefaults} from '../../src/site';

/**
 * Fitting the ranking weights to labelled questions, and k-fold cross-validation of the fit. The engine's matches and
 * their features do not depend on the weights, so they are computed once per question; a candidate set of weights
 * then costs one dot product per match.
 */

/**
 * Where every fit starts: the values the earlier hand-set formula multiplied by (new features at 0). Starting here,
 * not from the committed weights, keeps a cross-validation fold from starting at weights that saw its questions.
 */
export const HAND_SET_WEIGHTS: RankingWeights = {
  features: {
    bm25: 1,
    coverage: 2,
    title: 1,
    about: 1,
    exactTitle: Math.log(2),
    exactTitleOpening: Math.log(1.5),
    fullTitle: Math.log(1.5),
    definition: Math.log(1.5),
    definitionOpening: Math.log(1.5),
    kind: 1,
    problemSection: Math.log(1.5),
    identifier: 0,
    opening: 0,
    pageCoverage: 0,
    titleAsked: 0,
  },
  pageBonus: 0.5,
  saturation: 12,
  unknownSubject: 6,
};

/** A question with what ranking reads of it, ready to score under any weights. */
export interface PreparedQuestion extends LabelledQuestion {
  set: string;
  mode: QuestionSet['mode'];
  /** The features under a weight of unknown subjects (the only weight they depend on), computed once per value. */
  featuresFor(unknownSubject: number): SectionFeatures;
  /** Whether the chat declines it before ranking (it names a product no page mentions). */
  declined: boolean;
  /** Page of each match (its route), in match order. */
  pageRoutes: string[];
}

/**
 * Sections of a question the fit scores: the best this many under the starting weights. An OR query matches about a
 * thousand sections; the ones a refit could lift to the top are among the first few hundred, and scoring fewer keeps
 * a cross-validation run to minutes.
 */
const CANDIDATES = 200;

/** Matches and features of every question of the sets (the chat asks with OR, the search box with AND first). */
export function prepareQuestions(index: RankingSearchIndex, pageRoutes: readonly string[], sets: QuestionSet[], start: RankingWeights): PreparedQuestion[] {
  const {context, matcher} = index;
  return sets.flatMap((set) =>
    set.questions.map((question) => {
      const query = context.analyze(question.text);
      const all = matchQuery(matcher, query, set.mode === 'chat' ? 'OR' : undefined, {contentScores: set.mode === 'chat'});
      const scores = scoreSections(sectionFeatures(all, query, context.pageOf, context.pages, matcher.weightOf, context.answersProblems, start), start);
      const kept = Array.from(scores.keys()).sort((a, b) => scores[b] - scores[a] || a - b).slice(0, CANDIDATES).sort((a, b) => a - b);
      const matches = kept.map((m) => all[m]);
      const cache = new Map<number, SectionFeatures>();
      const featuresFor = (unknownSubject: number) => {
        let features = cache.get(unknownSubject);
        if (!features) cache.set(unknownSubject, (features = sectionFeatures(matches, query, context.pageOf, context.pages, matcher.weightOf, context.answersProblems, {unknownSubject})));
        return features;
      };
      const declined = set.mode === 'chat' && namesUnknownProduct(question.text, matcher);
      return {...question, set: set.name, mode: set.mode, featuresFor, declined, pageRoutes: matches.map((m) => pageRoutes[context.pageOf(m.id)])};
    }),
  );
}

/** Where a question's first acceptable page lands (1-based; null when absent) and whether it got any reference. */
export interface QuestionOutcome {
  rank: number | null;
  answered: boolean;
}

/**
 * The pages a question's references (chat: above the threshold) or results (search) name, in order, as the retrieval
 * orders them: by each page's best section.
 */
export function outcomeOf(question: PreparedQuestion, weights: RankingWeights, threshold: number): QuestionOutcome {
  if (question.declined) return {rank: null, answered: false};
  const features = question.featuresFor(weights.unknownSubject);
  const scores = scoreSections(features, weights);
  const answerScores = question.mode === 'chat' ? scoreSections(features, weights, true) : scores;
  const order = Array.from(scores.keys()).sort((a, b) => scores[b] - scores[a] || a - b);
  const pages: string[] = [];
  // As chooseReferences: a chat question is answered when some section's grounding (its own words) reaches the threshold.
  if (question.mode === 'chat' && !order.some((m) => similarity(answerScores[m], features.answerCoverage[m], weights.saturation) >= threshold)) return {rank: null, answered: false};
  for (const m of order) {
    if (question.mode === 'chat' && similarity(scores[m], features.coverage[m], weights.saturation) < threshold) continue;
    const page = question.pageRoutes[m];
    if (!pages.includes(page)) pages.push(page);
    if (pages.length >= 10) break;
  }
  const at = pages.findIndex((p) => question.acceptable.includes(p));
  return {rank: at < 0 ? null : at + 1, answered: pages.length > 0};
}

/** A declined off-topic question is worth this much (a first hit 1): a confident answer from unrelated pages misleads. */
const OFF_TOPIC_UTILITY = 3;

/** How much a question's outcome is worth to the fit: a first hit most, a hit in the top 3 or 10 less; an off-topic question declined. */
function utility(question: PreparedQuestion, outcome: QuestionOutcome): number {
  if (question.acceptable.length === 0) return outcome.answered ? 0 : OFF_TOPIC_UTILITY;
  const {rank} = outcome;
  return (rank === 1 ? 1 : 0) + (rank !== null && rank <= 3 ? 0.5 : 0) + (rank !== null && rank <= 10 ? 0.25 : 0);
}

export interface FitOptions {
  threshold: number;
  /** Sets whose hit@1 a fit may not lower below a floor (the regression sets): candidates that would are refused. */
  floors?: Array<{set: string; hitAt1: number}>;
  /** Refuse candidates that answer any off-topic question of the training sets (the starting weights decline them all). */
  declineEveryOffTopic?: boolean;
  /** Weight of each question of a set in the objective (1 by default; 0 leaves the set out of the fit). */
  setWeight?: Record<string, number>;
  rounds?: number;
  log?: (line: string) => void;
}

/**
 * How the site's weights are fitted, by `npm run eval -- --fit` and in every cross-validation fold alike: at the
 * chat's default threshold, each set's questions weighed by its fitWeight (question-sets.ts; a set weighing 0 is left
 * out), never answering an off-topic question, and never lowering the curated questions' hit@1 under 0.90 or the
 * keyword queries' under 0.93 (issue 30's floors for them).
 */
export function fitPolicy(sets: readonly QuestionSet[]): FitOptions {
  return {
    threshold: chatDefaults.sectionsMatchThreshold,
    setWeight: Object.fromEntries(sets.map((set) => [set.name, set.fitWeight])),
    floors: [
      {set: 'curated', hitAt1: 0.9},
      {set: 'keywords', hitAt1: 0.93},
    ],
    declineEveryOffTopic: true,
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Every weight the fit may move, with how to read and write it, its range and its first step. */
function parameters() {
  const features = RANKING_FEATURES.map((name) => ({
    name,
    get: (w: RankingWeights) => w.features[name],
    set: (w: RankingWeights, v: number): RankingWeights => ({...w, features: {...w.features, [name]: v}}),
    // BM25 is what finds the words at all: it keeps a positive weight.
    range: name === 'bm25' ? [0.25, 4] : [-2, 6],
    step: 0.5,
  }));
  return [
    ...features,
    {name: 'pageBonus', get: (w: RankingWeights) => w.pageBonus, set: (w: RankingWeights, v: number) => ({...w, pageBonus: v}), range: [0, 2], step: 0.25},
    // The threshold's scale, searched in log space: the score scale moves with the weights.
    // Features are recomputed for each value tried (prepareQuestions caches them per value).
    {name: 'unknownSubject', get: (w: RankingWeights) => w.unknownSubject, set: (w: RankingWeights, v: number) => ({...w, unknownSubject: v}), range: [0, 6], step: 1},
    {name: 'saturation', get: (w: RankingWeights) => Math.log(w.saturation), set: (w: RankingWeights, v: number) => ({...w, saturation: Math.exp(v)}), range: [-6, 12], step: 1},
  ];
}

/** Mean utility of weights on questions; minus infinity when a floored set falls below its floor. */
export function objective(questions: PreparedQuestion[], weights: RankingWeights, options: FitOptions): number {
  let sum = 0;
  let total = 0;
  const hits = new Map<string, {first: number; answerable: number}>();
  for (const q of questions) {
    const w = options.setWeight?.[q.set] ?? 1;
    if (w === 0) continue;
    const outcome = outcomeOf(q, weights, options.threshold);
    if (options.declineEveryOffTopic && q.acceptable.length === 0 && outcome.answered) return -Infinity;
    sum += w * utility(q, outcome);
    total += w;
    if (q.acceptable.length > 0) {
      const h = hits.get(q.set) ?? {first: 0, answerable: 0};
      h.answerable++;
      if (outcome.rank === 1) h.first++;
      hits.set(q.set, h);
    }
  }
  for (const floor of options.floors ?? []) {
    const h = hits.get(floor.set);
    if (h && h.first / h.answerable < floor.hitAt1) return -Infinity;
  }
  return total ? sum / total : 0;
}

/**
 * Coordinate ascent from `start`: each round tries each weight half a step to four steps up and down, keeps any change
 * that raises the objective, and from the third round on halves the steps.
 */
export function fitWeights(questions: PreparedQuestion[], start: RankingWeights, options: FitOptions): RankingWeights {
  const params = parameters();
  let best = start;
  let bestScore = objective(questions, best, options);
  const rounds = options.rounds ?? 5;
  for (let round = 0; round < rounds; round++) {
    const scale = 1 / 2 ** Math.max(0, round - 1);
    for (const p of params) {
      const current = p.get(best);
      for (const delta of [-4, -2, -1, -0.5, 0.5, 1, 2, 4].map((d) => d * p.step * scale)) {
        const candidate = p.set(best, clamp(current + delta, p.range[0], p.range[1]));
        const score = objective(questions, candidate, options);
        if (score > bestScore + 1e-9) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    options.log?.(`round ${round + 1}: objective ${bestScore.toFixed(4)}`);
  }
  return best;
}

/** A stable hash of a question's text (FNV-1a), so folds do not depend on file order. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** Deals questions into k folds of equal size (give or take one), in the order of their hashes, the same on every run. */
export function foldsOf<T extends {text: string}>(questions: T[], k: number): Map<T, number> {
  const dealt = [...questions].sort((a, b) => hashOf(a.text) - hashOf(b.text) || (a.text < b.text ? -1 : 1));
  return new Map(dealt.map((q, i) => [q, i % k]));
}

export interface CrossValidation {
  /** Each held-out question of the primary set, with its outcome under weights fitted without it. */
  outcomes: Array<{question: PreparedQuestion; outcome: QuestionOutcome; fold: number}>;
  folds: RankingWeights[];
}

/**
 * k-fold cross-validation on the primary set: fit on every other set plus k-1 folds of it, score the held-out fold,
 * rotate. What it reports is what the fit does on questions it never saw.
 */
export function crossValidate(questions: PreparedQuestion[], primary: string, start: RankingWeights, k: number, options: FitOptions): CrossValidation {
  const outcomes: CrossValidation['outcomes'] = [];
  const folds: RankingWeights[] = [];
  const assigned = foldsOf(questions.filter((q) => q.set === primary), k);
  for (let fold = 0; fold < k; fold++) {
    const heldOut = questions.filter((q) => assigned.get(q) === fold);
    const train = questions.filter((q) => !heldOut.includes(q));
    const weights = fitWeights(train, start, {...options, log: undefined});
    folds.push(weights);
    for (const question of heldOut) outcomes.push({question, outcome: outcomeOf(question, weights, options.threshold), fold});
    options.log?.(`fold ${fold + 1}/${k}: ${heldOut.length} held out`);
  }
  return {outcomes, folds};
}
