/**
 * The orders module's door for reading lines from the modules above it (issue 43: a module never reads
 * another's tables): the reminders' lines awaiting a creative or a proof, and the proofs module's lines
 * of an owner, a line's buyer and an order's lines. Read-only; the proofs module joins its own proofs to
 * these lines by id.
 */
export {
  findLineBuyer as buyerOfLine,
  findLinesAwaitingWork as linesAwaitingWork,
  findOrderLinesWithSites as orderLinesWithSites,
  findOwnerPaidLine as ownerPaidLine,
  findOwnerProofLines as ownerProofLines,
  type LineAwaitingWork,
  type OwnerPaidLine,
  orderExists,
} from './line-reads.repository.ts';
