// Moved to test/api-calls.ts and test/order-rows.ts (issue 43). Kept only for the payouts and statements
// tests, which were being edited elsewhere when the rest moved: once they import test/api-calls.ts
// themselves, this file goes.
export * from '../../../test/api-calls.ts';
export * from '../../../test/order-rows.ts';
