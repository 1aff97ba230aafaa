import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { readOrInsertSecret } from './secrets.repository.ts';

/**
 * With DATABASE_URL the generated secrets live in the database, never under one replica's DATA_DIR
 * (DESIGN 21, decision 070): a bearer token, a sandbox payment signature, a bot-check challenge or a dev
 * outbox link made by one replica is good on every other. Settings (JWT_SECRET, SANDBOX_KEY_SECRET) win;
 * loadConfig left the unset ones empty for this step. The bot-check keys derive from the JWT secret.
 * On PGlite loadConfig already read them from DATA_DIR, and this changes nothing.
 */
export async function resolveSharedSecrets(database: Database, config: Config): Promise<Config> {
  if (!config.sharedSecretsPending) return config;
  const kept = (name: string) => readOrInsertSecret(database.db, name, randomBytes(32).toString('base64url'));
  const pending = new Set(config.sharedSecretsPending);
  return {
    ...config,
    sharedSecretsPending: undefined,
    jwtSecret: pending.has('jwt-secret') ? await kept('jwt-secret') : config.jwtSecret,
    devKey: pending.has('dev-outbox-key') ? await kept('dev-outbox-key') : config.devKey,
    payments: {
      ...config.payments,
      sandboxKeySecret: pending.has('sandbox-key-secret')
        ? await kept('sandbox-key-secret')
        : config.payments.sandboxKeySecret,
    },
  };
}
