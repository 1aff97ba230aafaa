import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR's own files (docs/decisions/040): generated secrets and the lock of the embedded database.
 * Everything here is readable by the owner only: the directory 0700, files 0600.
 */

/** Makes DATA_DIR (owner-only) if it is missing, and closes an existing one to other users. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * What earlier versions left readable (PGlite wrote its files 0666, uploads were 0644): every directory
 * under DATA_DIR becomes 0700 and every file 0600. New files are owner-only by the server's umask.
 */
export function makeOwnerOnly(dir: string): void {
  ensurePrivateDir(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeOwnerOnly(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

/**
 * The secret kept in DATA_DIR/<name>, generated on first use. Write-once: the secret goes to a temp file
 * of this process, which is then hard-linked to its name. link() fails when the name exists, so two
 * processes starting at once on an empty directory cannot keep two different secrets, and nobody ever
 * reads a half-written one: the loser drops its own and reads the winner's.
 */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  const existing = readSecret(file);
  if (existing) return existing;
  ensurePrivateDir(dataDir);
  createOnce(file, randomBytes(32).toString('base64url'));
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} is empty: delete it and start again`);
  return secret;
}

/**
 * Writes `content` to `file` unless the file exists, atomically: a temp file of this process, then a hard
 * link to the name (link() fails with EEXIST rather than replacing). Answers whether this call created it.
 */
function createOnce(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export class DataDirLockedError extends Error {}

/**
 * One process per embedded database (docs/product-rules.md section 1): PGlite has no locking of its own, and a second
 * process on the same files loses what the first wrote. DATA_DIR/server.pid is created exclusively (a link,
 * like O_EXCL, never half-written) and holds our pid; a lock whose process is gone (a kill -9, a power cut) is taken over. Answers the release,
 * which removes the file only while it is still ours.
 */
export function lockDataDir(dataDir: string): () => void {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createOnce(file, `${process.pid}\n`)) {
      return () => {
        if (readSecret(file) === String(process.pid)) rmSync(file, { force: true });
      };
    }
    const holder = Number(readSecret(file));
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by process ${holder} (${file}); stop it first, or give this server another DATA_DIR`,
      );
    }
    // The holder is gone: take the lock over.
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir}: could not take ${file}; another server is starting`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
