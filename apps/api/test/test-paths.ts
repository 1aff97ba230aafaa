import { fileURLToPath } from 'node:url';

export const MIGRATED_DUMP = fileURLToPath(new URL('../../../.tmp/pglite-migrated.tar.gz', import.meta.url));
