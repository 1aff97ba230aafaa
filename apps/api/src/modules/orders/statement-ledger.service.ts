/**
 * The orders module's door for owner statements (modules/statements): the ledger's paid lines and
 * processed refunds of a period, read here so that statements never reach into the order tables.
 */
export {
  findLinesOfOrders as linesOfOrders,
  findLinesPaidBetween as linesPaidBetween,
  findProcessedRefundsBetween as processedRefundsBetween,
  findProcessedRefundsOfOrdersBefore as processedRefundsOfOrdersBefore,
} from './statement-ledger.repository.ts';
