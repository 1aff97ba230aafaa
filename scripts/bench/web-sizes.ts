import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The consoles' source folders (docs/product-rules.md section 7): their code loads only for their users. */
const isConsoleModule = (id: string) => /^src\/(partner|ops)\//.test(id);

/**
 * The built files that hold any console code (src/partner, src/ops), from .vite/chunk-modules.json
 * (apps/web/build/chunk-modules.ts) of the browser's half of a web build (`dist`/client): every module of
 * every file, so console code merged into a buyer chunk by a stray import marks that chunk too. A buyer page
 * that requests one of these downloads console code.
 */
export function consoleFiles(dist: string): Set<string> {
  const client = existsSync(path.join(dist, 'client')) ? path.join(dist, 'client') : dist;
  const map = JSON.parse(readFileSync(path.join(client, '.vite', 'chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  return new Set(Object.keys(map).filter((file) => map[file].some(isConsoleModule)));
}

/** True when a web build has the module map consoleFiles reads (builds older than it have none). */
export const hasModuleMap = (dist: string) =>
  existsSync(path.join(dist, 'client', '.vite', 'chunk-modules.json')) ||
  existsSync(path.join(dist, '.vite', 'chunk-modules.json'));
