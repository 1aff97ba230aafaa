// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The standard path (DESIGN 2, docs/decisions/068-the-standard-path.md), checked on every build: the web app
 * reads no library's private field, patches no global or library at run time, never rewrites the HTML the
 * framework rendered, and no stylesheet makes controls ignore the pointer while the page hydrates. Where a
 * library falls short, upgrade it, wrap it in a small adapter or say so: never reach inside it.
 */
const SRC = import.meta.dirname;
const SELF = path.basename(import.meta.filename);

/** What may not appear in the app's code, with why. */
const FORBIDDEN: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /_optimisticResults/, why: "TanStack Query's private observer option" },
  { pattern: /__reactRouter/, why: "React Router's private globals (window.__reactRouter*)" },
  { pattern: /patchRoutes/, why: "a patch of React Router's route discovery" },
  { pattern: /\.state\b[^\n]*\bidx\b/, why: "React Router's private history index (use location.key)" },
  { pattern: /\.(inserted|registered)\[/, why: "emotion's cache internals" },
  {
    pattern: /\b(html|markup|document|rendered)\.(replace|replaceAll)\(\s*\//,
    why: 'a regular expression rewriting the rendered HTML',
  },
  { pattern: /data-hydrating/, why: 'a marker that gates the page on hydration' },
];

/** A stylesheet rule that makes controls deaf while hydrating. */
const DEAF_WHILE_HYDRATING = /hydrat[^{}]*\{[^}]*pointer-events\s*:\s*none/i;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(tsx?|css)$/.test(entry.name) && entry.name !== SELF ? [full] : [];
  });
}

const files = filesUnder(SRC).map((file) => ({
  file: path.relative(SRC, file),
  text: readFileSync(file, 'utf8'),
}));

describe('the web app stays on the standard path', () => {
  it('finds the app’s files', () => {
    expect(files.some((f) => f.file === 'root.tsx')).toBe(true);
  });

  it.each(FORBIDDEN)('has no $why', ({ pattern }) => {
    const found = files.filter((f) => pattern.test(f.text)).map((f) => f.file);
    expect(found).toEqual([]);
  });

  it('has no stylesheet or style that makes controls ignore the pointer while hydrating', () => {
    const found = files.filter((f) => DEAF_WHILE_HYDRATING.test(f.text)).map((f) => f.file);
    expect(found).toEqual([]);
  });

  it('catches what it looks for', () => {
    expect(DEAF_WHILE_HYDRATING.test('body[data-hydrating] button { pointer-events: none; }')).toBe(true);
    expect(FORBIDDEN.some((f) => f.pattern.test('html.replace(/<link rel="modulepreload"/g, \'\')'))).toBe(
      true,
    );
    expect(FORBIDDEN.some((f) => f.pattern.test('defaulted._optimisticResults = "optimistic"'))).toBe(true);
  });
});
