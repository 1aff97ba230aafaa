import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The dev key of the server under test, read from its DATA_DIR (DATA_DIR/dev-outbox-key, written at its
 * start; docs/decisions/040): the dev outboxes answer only with it. playwright.config.ts names the
 * directory in E2E_DATA_DIR, which the workers inherit.
 */
export function devKey(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return readFileSync(path.join(dataDir, 'dev-outbox-key'), 'utf8').trim();
}

/** A dev outbox URL (`sms-outbox` or `mail-outbox`) with the key and the given query. */
export function devOutbox(kind: 'sms-outbox' | 'mail-outbox', query: Record<string, string>): string {
  const params = new URLSearchParams({ key: devKey(), ...query });
  return `/api/dev/${kind}?${params.toString()}`;
}
