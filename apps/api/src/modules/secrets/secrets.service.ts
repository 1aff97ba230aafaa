import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { identityOf, type SigningIdentity, selfSignedIdentityValue } from '../../lib/pdf/pdf-signature.ts';
import { readOrInsertSecret, readSecret } from './secrets.repository.ts';

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

const identities = new WeakMap<object, Promise<SigningIdentity>>();

/**
 * Who signs the tax documents: the DOCUMENT_SIGNING_P12 setting, else a self-signed certificate made on the
 * first signature and kept in shared_secrets (on PGlite that is the DATA_DIR's database; with DATABASE_URL
 * every process reads the one kept, never one per data directory). Read once per app.
 */
export function documentSigningIdentity(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
): Promise<SigningIdentity> {
  const who = { name: deps.config.company.name, location: deps.config.company.state };
  if (deps.config.documentSigning) return Promise.resolve(identityOf(deps.config.documentSigning, who));
  let kept = identities.get(deps.database);
  if (!kept) {
    kept = (async () => {
      const name = 'document-signing-p12';
      // Made only when none is kept: an RSA key is not free, and most starts never sign anything.
      const value =
        (await readSecret(deps.database.db, name)) ??
        (await readOrInsertSecret(
          deps.database.db,
          name,
          selfSignedIdentityValue(who.name, deps.clock.now()),
        ));
      const [p12Base64, passphrase] = value.split('.') as [string, string];
      return identityOf({ p12Base64, passphrase }, who);
    })();
    kept.catch(() => identities.delete(deps.database));
    identities.set(deps.database, kept);
  }
  return kept;
}
