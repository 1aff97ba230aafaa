import { apiBuildIsStale, buildApi } from '../../../scripts/lib.mjs';

/**
 * The API projects' first global setup: the process tests (test/server-process.ts) run the compiled
 * server `npm start` runs (apps/api/dist/server.js), not TypeScript through tsx. Built once here when it
 * is missing or older than its sources; scripts/test.mjs builds it before the layers start, so this is a
 * no-op there and a one-second build when one test file runs on its own.
 */
let building: Promise<void> | null = null;
export default function setup(): Promise<void> {
  // Both API projects name this setup: one build when they start together.
  building ??= apiBuildIsStale() ? buildApi() : Promise.resolve();
  return building;
}
