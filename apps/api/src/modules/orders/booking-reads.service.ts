/**
 * The orders module's door for the bookings module's reads of orders and booking rows (issue 43: a module
 * never reads another's tables). Placing: the ranges already taken, the buyer's unpaid orders, a client's
 * spend of the month, the buyer's own order at checkout. The owner's views: the calendar's live rows with
 * their buyers, and the paid lines on the owner's sites. Read-only; bookings sits above orders (decision
 * 072) and imports this directly.
 */
export {
  countUnpaidOrders as unpaidOrderCount,
  findTakenRanges as takenRanges,
  sumClientMonthSpend as clientMonthSpend,
  sumClientsMonthSpend as clientsMonthSpend,
} from './booking-reads.repository.ts';
export {
  calendarRows as ownerCalendarRows,
  countOwnerBookings as ownerBookingCount,
  listOwnerBookings as ownerBookingLines,
  type OwnerBookingFilters,
} from './owner-booking-reads.repository.ts';
export { findOrderOfUser as orderOfUser } from './payment-orders.repository.ts';
