/**
 * The orders module's door for reading lines from the modules above it (issue 43: a module never reads
 * another's tables): the reminders' lines awaiting a creative or a proof, the proofs module's lines of
 * an owner, a line's buyer and an order's lines, and the creatives module's lines (a buyer's, an owner's,
 * the review page's, a line's buyer and owner, the job sheet's), and the plans module's buyer's order
 * and its lines as a media plan shows them. Read-only (ownerCreativeLine may lock
 * the line's row for the caller's transaction); the proofs and creatives modules join their own rows to
 * these lines by id.
 */
export {
  type CreativeLine,
  findBuyerCreativeLine as buyerCreativeLine,
  findJobSheetLine as jobSheetLine,
  findLineBuyer as buyerOfLine,
  findLineParties as lineParties,
  findLinesAwaitingWork as linesAwaitingWork,
  findOrderLinesWithSites as orderLinesWithSites,
  findOrderOfBuyer as orderOfBuyer,
  findOrderPlanLines as orderPlanLines,
  findOwnerCreativeLine as ownerCreativeLine,
  findOwnerPaidLine as ownerPaidLine,
  findOwnerProofLines as ownerProofLines,
  findOwnerReviewableLineIds as ownerReviewableLineIds,
  findOwnerReviewableLines as ownerReviewableLines,
  type LineAwaitingWork,
  type OwnerPaidLine,
  orderExists,
} from './line-reads.repository.ts';
