import type { Plugin } from 'vite';

/** The buyer's pages that share most of their parts: lists, site, campaign, cart, checkout and orders. */
const BUYER_PAGES =
  /[\\/]src[\\/]routes[\\/](products|customize|campaigns|campaign|product|customized-preview|cart|checkout|my-orders|order|shared-plan)\.tsx$/;
/** The pages people land on from a search engine or a link: what they run stays out of `buyer-common`. */
const LANDING_PAGES = /[\\/]src[\\/]routes[\\/]home\.tsx$/;
/** The walk follows the app's own code only (as build/app-shell.ts: a package barrel would pull everything). */
const APP_SOURCES = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/** `import { Box, Skeleton } from '@mui/material'` in a module's code (after JSX and types are compiled). */
const MUI_NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mui\/material["']/g;
/** `import { Close, ExpandMore } from '@mui/icons-material'` in a module's code. */
const ICONS_NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mui\/icons-material["']/g;
/** One icon's module: `@mui/icons-material/DeleteOutlined.mjs`. */
const ICON_FILE = /[\\/]@mui[\\/]icons-material[\\/](\w+)\.m?js$/;
/** A part used by this many of the buyer's pages is common to them. */
const MIN_PAGES = 3;

/**
 * The app's parts the buyer's pages share, as two files instead of twenty (docs/decisions/058):
 * - `common`: those a landing page (home, city) runs too, with at least MIN_PAGES buyer pages;
 * - `buyer-common`: those at least MIN_PAGES buyer pages run and no landing page does.
 * Grouped by the exact set of routes that use them (`shared-ui`'s way), a buyer page asked for ~30 files of
 * 0.6-3 KB. Each answer carries ~0.45 KB of headers, and a small file compresses worse than a large one, so
 * the per-set split cost a page more bytes than the code it spared it.
 * Rolldown adds to each group what its modules import (`includeDependenciesRecursively`), MUI's parts among
 * them, so `common` imports only the framework and the shell, and `buyer-common` those and `common`: no loop.
 */
export function buyerCommon(): {
  plugin: Plugin;
  isCommon: (id: string) => boolean;
  isBuyerCommon: (id: string) => boolean;
  buyerParts: (id: string) => string | null;
} {
  const common = new Set<string>();
  const buyer = new Set<string>();
  const parts = new Map<string, string>();
  let homeUi: RegExp | null = null;
  const plugin: Plugin = {
    name: 'ooh-buyer-common',
    apply: 'build',
    buildEnd() {
      common.clear();
      buyer.clear();
      parts.clear();
      const reach = (root: string) => {
        const seen = new Set<string>();
        const queue = [...(this.getModuleInfo(root)?.importedIds ?? [])];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (seen.has(id) || !APP_SOURCES.test(id) || BUYER_PAGES.test(id) || LANDING_PAGES.test(id))
            continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // An icon comes through the package's barrel, so the walk cannot follow it: the app's modules name
      // theirs, and an icon joins the group its users' pages make, as a part of the app would. Left to
      // rolldown, each icon the cart shares with another route was a file of its own (0.15 KB of code,
      // 0.45 KB of headers).
      const iconsOf = (modules: Iterable<string>) => {
        const found = new Set<string>();
        for (const id of modules)
          for (const m of (this.getModuleInfo(id)?.code ?? '').matchAll(ICONS_NAMED_IMPORT))
            for (const name of importedNames(m[1])) found.add(`icon:${name}`);
        return found;
      };
      /** What a route runs of the app's code (reach), and the icons that code names. */
      const partsOf = (root: string) => {
        const reached = reach(root);
        return [...reached, ...iconsOf([root, ...reached])];
      };
      const ids = [...this.getModuleIds()];
      const uses = new Map<string, number>();
      const pagesOf = new Map<string, string[]>();
      for (const page of ids.filter((id) => BUYER_PAGES.test(id))) {
        const name = (page.match(BUYER_PAGES) as RegExpMatchArray)[1];
        for (const id of partsOf(page)) {
          uses.set(id, (uses.get(id) ?? 0) + 1);
          pagesOf.set(id, [...(pagesOf.get(id) ?? []), name]);
        }
      }
      // What the other routes (the consoles' screens, sign-in, profile...) run of the app's code.
      const others = new Set(
        ids
          .filter((id) => this.getModuleInfo(id)?.isEntry && !BUYER_PAGES.test(id) && !LANDING_PAGES.test(id))
          .flatMap(partsOf),
      );
      const landingRoots = ids.filter((id) => LANDING_PAGES.test(id));
      const landing = new Set(landingRoots.flatMap(partsOf));
      // The MUI components home's own code draws go to `common` too. Left free, `buyer-common` would take
      // those it shares with home (a Skeleton) among its modules' imports, and home would load that file.
      const names = new Set<string>();
      for (const id of [...landingRoots, ...landing]) {
        for (const m of (this.getModuleInfo(id)?.code ?? '').matchAll(MUI_NAMED_IMPORT)) {
          for (const name of importedNames(m[1])) names.add(name);
        }
      }
      homeUi = names.size
        ? new RegExp(`[\\\\/]@mui[\\\\/]material[\\\\/](${[...names].join('|')})[\\\\/]`)
        : null;
      // Every part home shares with a buyer page is in `common`, however few: a part of `buyer-common` brings
      // what it imports into that file too, and home would then load it all.
      for (const [id, count] of uses) {
        if (landing.has(id)) common.add(id);
        else if (count >= MIN_PAGES) buyer.add(id);
        // A part of one or two buyer pages that a console's screen also runs was a file of its own per set
        // of routes (a proof card, a download helper: 0.5-2 KB each, eight on the order page); the parts of
        // the same buyer pages are one file. A part of one buyer page alone stays in that page's file.
        else if (count > 1 || others.has(id))
          parts.set(id, `${(pagesOf.get(id) ?? []).sort().join('~')}-parts`);
      }
      // An icon (0.1-0.3 KB) whose pages share no other part would be a file of its own, its headers
      // larger than it: it joins `buyer-common` instead.
      const partFiles = new Set([...parts].filter(([id]) => !id.startsWith('icon:')).map(([, name]) => name));
      for (const [id, name] of parts)
        if (id.startsWith('icon:') && !partFiles.has(name)) {
          parts.delete(id);
          buyer.add(id);
        }
    },
  };
  /** An icon's module is known by its name (`icon:DeleteOutlined`), as the app's modules import it. */
  const key = (id: string) => {
    const icon = id.match(ICON_FILE);
    return icon ? `icon:${icon[1]}` : id;
  };
  return {
    plugin,
    isCommon: (id) => common.has(key(id)) || (homeUi?.test(id) ?? false),
    isBuyerCommon: (id) => buyer.has(key(id)),
    buyerParts: (id) => parts.get(key(id)) ?? null,
  };
}

/** The components an import's braces name (`Box, Skeleton as Bone`: Box and Skeleton). */
function importedNames(braces: string): string[] {
  return braces
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/)[0])
    .filter((name) => /^[A-Z]\w*$/.test(name));
}
