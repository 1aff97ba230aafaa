import path from 'node:path';
import { workerPort } from './servers';

/**
 * Browser sessions saved once per run by e2e/auth.setup.ts (Playwright storageState: the session cookie
 * and its signed-in hint), so journeys where being signed in is only a precondition start signed in
 * instead of spending one of a number's 5 codes an hour (docs/decisions/042). One per journey server: a
 * session lives in its server's database.
 */
const DIR = path.join(process.cwd(), '.tmp', 'e2e-sessions');
/** The demo operator's (9999900000) saved session on the server on `port`. */
export const operatorState = (port: number) => path.join(DIR, `operator-${port}.json`);
/** The demo operator's saved session on this worker's server, the number most journeys share. */
export const OPERATOR_STATE = operatorState(workerPort());
