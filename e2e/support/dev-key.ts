import { readFileSync } from 'node:fs';
import path from 'node:path';
import { currentPort, serverDataDir } from './servers';

/**
 * The dev key of a server under test, read from its DATA_DIR (DATA_DIR/dev-outbox-key, written at its
 * start; docs/decisions/040): the dev outboxes answer only with it. Each journey server has its own
 * (e2e/support/servers.ts); by default the one the running test talks to.
 */
export function devKey(port = currentPort()): string {
  return readFileSync(path.join(serverDataDir(port), 'dev-outbox-key'), 'utf8').trim();
}

/** A dev outbox URL (`sms-outbox` or `mail-outbox`) with the key and the given query. */
export function devOutbox(
  kind: 'sms-outbox' | 'mail-outbox',
  query: Record<string, string>,
  port = currentPort(),
): string {
  const params = new URLSearchParams({ key: devKey(port), ...query });
  return `/api/dev/${kind}?${params.toString()}`;
}
