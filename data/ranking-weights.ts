/**
 * The weights ranking uses (lib/search/rank.ts), written by `npm run eval -- --fit`: fitted on 75 real, 76 curated, 46 keywords questions (2026-11-28).
 * Do not edit by hand; change the features or the question sets and fit again. Plain values that import nothing:
 * ranking checks them against its RankingWeights type where it reads them, and data stays below the engine.
 */
export const rankingWeights = {
  features: {
    bm25: 1,
    coverage: 1.6875,
    title: 1.5,
    about: 1,
    exactTitle: 0.6931,
    exactTitleOpening: 0.4055,
    fullTitle: 0.4055,
    definition: 0.4055,
    definitionOpening: 0.4055,
    kind: 0,
    problemSection: 0.9055,
    identifier: 0,
    opening: 0.375,
    pageCoverage: 0,
    titleAsked: 0,
  },
  pageBonus: 0.5,
  saturation: 12,
  unknownSubject: 6,
};
