import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder: the nearest folder above this module that holds a package.json. The server runs from
 * its sources (this file is apps/api/src/lib/paths.ts) in development and tests, and from one compiled file
 * (apps/api/dist/server.js) under `npm start`; a path relative to the module itself would differ between
 * the two, this one does not.
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const API_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
