import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopChild, waitFor } from './server.ts';

const NGINX = '/usr/sbin/nginx';

/** The nginx binary, installing Debian's package when running as root; null (with why) when unavailable. */
export function ensureNginx(log: (s: string) => void): { ok: true } | { ok: false; why: string } {
  if (existsSync(NGINX)) return { ok: true };
  if (process.getuid?.() !== 0)
    return { ok: false, why: 'nginx is not installed (apt-get install nginx as root)' };
  log('installing nginx with apt-get');
  const res = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return res.status === 0 && existsSync(NGINX)
    ? { ok: true }
    : { ok: false, why: 'apt-get install nginx failed' };
}

export interface StaticServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground on a loopback port, serving `files` (name -> bytes) as application/json from a
 * temp directory with a generated minimal config: the ceiling a catalogue read could reach if it were a file.
 */
export async function startNginx(port: number, files: Map<string, Buffer>): Promise<StaticServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-nginx-'));
  const root = path.join(dir, 'www');
  mkdirSync(root);
  for (const [name, bytes] of files) writeFileSync(path.join(root, name), bytes);
  // As root the workers would drop to "nobody", who cannot enter the 0700 temp dir: keep them as root.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const config = `${user}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type application/json;
  sendfile on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const first = files.keys().next().value ?? '';
  try {
    await waitFor(`${url}/${first}`, child, 10_000);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
