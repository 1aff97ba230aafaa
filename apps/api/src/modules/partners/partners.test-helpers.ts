/** The operator of the tests (OPERATOR_PHONES); outside the 98765... numbers nextPhone hands out. */
export const OPERATOR_PHONE = '9000000001';
