import { AUDIENCE_MODEL_NAME, estimateReach, type ModelLine } from './audience-model.ts';

/**
 * A plan's figures (DESIGN section 20, decision 080): impressions are daily impressions x days per line;
 * CPM is the cost before GST over those impressions x 1,000; reach and frequency are the model's
 * estimates (audience-model.ts). Lines without an audience figure count in none of them: the answer says
 * how many lines it counted, so a CPM over part of a plan is never read as the whole plan's.
 */

export interface FigureLine extends ModelLine {
  /** The line's cost before GST, integer paise. */
  cost_paise: number;
}

export interface PlanFigures {
  impressions: number;
  /** Rupees per thousand impressions, rounded half up to the paisa; null without impressions. */
  cpm: number | null;
  /** People, rounded to the nearest hundred; an estimate. */
  reach_estimate: number;
  /** Average times each person reached sees the plan, one decimal; an estimate; null without reach. */
  frequency_estimate: number | null;
  method: string;
  lines_counted: number;
}

/** daily x days: the impressions of one line. */
export const lineImpressions = (line: Pick<ModelLine, 'daily_impressions' | 'days'>): number =>
  Math.max(0, line.daily_impressions) * Math.max(0, line.days);

/**
 * Cost per thousand in rupees from paise: paise x 1000 / impressions is paise per thousand, rounded half
 * up to a whole paisa in integers (2 x p x 1000 + i) / (2 i), then rupees. Null when there are no impressions.
 */
export function cpmRupees(costPaise: number, impressions: number): number | null {
  if (impressions <= 0) return null;
  const paisePerThousand = Math.floor((2 * costPaise * 1000 + impressions) / (2 * impressions));
  return paisePerThousand / 100;
}

const nearestHundred = (n: number) => Math.round(n / 100) * 100;

export const PLAN_FIGURES_METHOD =
  `Impressions: daily impressions x days per line, as each site's source states them. CPM: cost before GST / ` +
  `impressions x 1,000, rounded to the paisa. Reach and frequency: estimates of ${AUDIENCE_MODEL_NAME}.`;

export function planFigures(
  lines: readonly (FigureLine | (Omit<FigureLine, 'daily_impressions'> & { daily_impressions: null }))[],
): PlanFigures {
  const counted = lines.filter(
    (l): l is FigureLine => l.daily_impressions !== null && l.daily_impressions > 0,
  );
  const impressions = counted.reduce((sum, l) => sum + lineImpressions(l), 0);
  const cost = counted.reduce((sum, l) => sum + l.cost_paise, 0);
  const reach = nearestHundred(estimateReach(counted));
  return {
    impressions,
    cpm: cpmRupees(cost, impressions),
    reach_estimate: reach,
    frequency_estimate: reach > 0 ? Math.round((impressions / reach) * 10) / 10 : null,
    method: PLAN_FIGURES_METHOD,
    lines_counted: counted.length,
  };
}
