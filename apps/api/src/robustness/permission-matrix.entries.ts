import { OVERSIGHT_ENTRIES } from './permission-matrix.entries-oversight.ts';
import { OWNER_TOOLS_ENTRIES } from './permission-matrix.entries-owner-tools.ts';
import { PROPOSAL_ENTRIES } from './permission-matrix.entries-proposals.ts';
import type { MatrixEntry } from './permission-matrix.entry.ts';

export type { MatrixEntry } from './permission-matrix.entry.ts';

/**
 * Every /api/partner and /api/ops route's entry (what each field means: permission-matrix.entry.ts), in two
 * parts by room. A key in both would be a mistake: the test counts the routes served against these keys.
 */
export const MATRIX: Record<string, MatrixEntry> = {
  ...OWNER_TOOLS_ENTRIES,
  ...OVERSIGHT_ENTRIES,
  ...PROPOSAL_ENTRIES,
};
