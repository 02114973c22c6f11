import type {RankingWeights} from '../lib/search/rank';

/** The weights ranking uses; the hand-set values the earlier formula multiplied by, before any fit. */
export const rankingWeights: RankingWeights = {
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
  },
  pageBonus: 0.5,
  saturation: 12,
  unknownSubject: 6,
};
