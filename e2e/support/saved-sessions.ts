import path from 'node:path';

/**
 * Browser sessions saved once per run by e2e/auth.setup.ts (Playwright storageState: the session cookie
 * and its signed-in hint), so journeys where being signed in is only a precondition start signed in
 * instead of spending one of a number's 5 codes an hour (docs/decisions/042).
 */
const DIR = path.join(process.cwd(), '.tmp', 'e2e-sessions');
/** The demo operator (9999900000), the number most journeys share. */
export const OPERATOR_STATE = path.join(DIR, 'operator.json');
