// Moved to test/refund-calls.ts (issue 43). Kept only for the payouts and statements tests, which were
// being edited elsewhere when the rest moved: once they import test/refund-calls.ts themselves, this
// file goes.
export * from '../../../test/refund-calls.ts';
