/**
 * The plan buttons (Export plan, Share plan) for a page of a campaign, a draft or an order. The component
 * lives in src/components/plans because buyer features may not import each other (decision 025): pages in
 * other features import it from there; this module names it for the plans feature.
 */
export { PlanActions, type PlanActionsProps } from '../../components/plans/plan-actions';
export type { PlanSource } from '../../components/plans/plan-source';
