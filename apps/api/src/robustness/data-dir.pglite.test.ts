import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProcessStore,
  type ProcessStore,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';

/**
 * Issue 20, item 3: two processes on one PGlite DATA_DIR both started, and a block the second accepted
 * over a booking of the first was lost on restart. Real server processes here: the second start stops
 * with one line naming the first; the files are the owner's only; secrets are written once even when
 * several processes start at the same moment on an empty directory. PGlite only (*.pglite.test.ts).
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DATA_DIR_MODULE = fileURLToPath(new URL('../lib/data-dir.ts', import.meta.url));

let store: ProcessStore;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  store = await createProcessStore();
});
afterAll(async () => {
  for (const s of servers) await s.kill();
  await store?.destroy();
});

/**
 * Every directory under `dir` that is not 0700, and every file that is not 0600. PGlite's WASM file system
 * creates some files of its own while it runs (pg_internal.init, 0644) whatever the umask: the 0700
 * directories above them are what keeps those out of reach, so inside pglite/ only directories count.
 */
function openToOthers(dir: string, inPglite = false): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mode = statSync(full).mode & 0o777;
    if (entry.isDirectory()) {
      if (mode !== 0o700) found.push(`${full} ${mode.toString(8)}`);
      found.push(...openToOthers(full, inPglite || entry.name === 'pglite'));
    } else if (mode !== 0o600 && !inPglite) found.push(`${full} ${mode.toString(8)}`);
  }
  return found;
}

// A guard, not a measure: server processes start on two busy cores (vitest beside the journeys, decision
// 071); the other process tests allow as long.
describe('one server process per PGlite DATA_DIR', { timeout: 180_000 }, () => {
  it('a second start on the same DATA_DIR stops with one line naming the first; files are owner-only', async () => {
    // An upload left readable by an earlier version.
    mkdirSync(path.join(store.dataDir, 'uploads', 'objects'), { recursive: true });
    writeFileSync(path.join(store.dataDir, 'uploads', 'objects', 'old.jpg'), 'x', { mode: 0o644 });
    const first = await startServerProcess(store);
    servers.push(first);
    const pid = first.child.pid!;
    expect(statSync(store.dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(store.dataDir)).toEqual([]);

    const second = await startServerProcess(store).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(second).toMatch(/^the server did not start \(exit 1\):\n/);
    const printed = second!.split('\n').slice(1).join('\n').trim();
    expect(printed.split('\n')).toHaveLength(1);
    expect(printed).toContain(`DATA_DIR ${store.dataDir} is in use by process ${pid}`);
    // The first one never noticed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it('a lock left by a process that is gone (kill -9) is taken over', async () => {
    const [holder] = servers.splice(0);
    await holder.kill();
    const next = await startServerProcess(store);
    servers.push(next);
    expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
    expect(openToOthers(store.dataDir)).toEqual([]);
    // A clean stop removes the lock.
    expect((await next.stop()).code).toBe(0);
    servers.pop();
    expect(readdirSync(store.dataDir)).not.toContain('server.pid');
  });
});

describe('generated secrets on an empty DATA_DIR', { timeout: 180_000 }, () => {
  it('six processes starting at the same moment all read one secret of each kind', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-secret-race-'));
    try {
      // Each process waits for the same instant, then reads or creates the three secrets.
      const at = Date.now() + 4000;
      const script = [
        `import { readOrCreateSecret } from ${JSON.stringify(DATA_DIR_MODULE)};`,
        `while (Date.now() < ${at});`,
        `const names = ['jwt-secret', 'dev-outbox-key', 'sandbox-key-secret'];`,
        `console.log(JSON.stringify(names.map((n) => readOrCreateSecret(${JSON.stringify(dataDir)}, n))));`,
      ].join('\n');
      const file = path.join(dataDir, '..', `${path.basename(dataDir)}-race.mts`);
      writeFileSync(file, script);
      const runs = Array.from({ length: 6 }, async () => {
        const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT });
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          out += d;
        });
        const [code] = await once(child, 'exit');
        expect(code, out).toBe(0);
        return out.trim();
      });
      const answers = await Promise.all(runs);
      rmSync(file, { force: true });
      expect(new Set(answers).size).toBe(1);
      const secrets = JSON.parse(answers[0]) as string[];
      expect(new Set(secrets).size).toBe(3);
      // Nothing left behind but the three files, each owner-only.
      expect(readdirSync(dataDir).sort()).toEqual(['dev-outbox-key', 'jwt-secret', 'sandbox-key-secret']);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
