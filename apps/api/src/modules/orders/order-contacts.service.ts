/**
 * The orders module's read of whom an order's messages go to: its buyer, and each line's site and the
 * site's owner (orderContacts). Notifications sits below orders (decision 072), so it never imports
 * this: the workflows that tell, and orders' own offline-payments service, hand it to the notifications
 * functions (notifications' OrderContactsOf).
 */
export { findOrderContacts as orderContacts } from './order-contacts.repository.ts';
