import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's .vite/manifest.json (only the fields used here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  /** The route(s) the lazily loaded page serves, or its source file when no route is known. */
  route: string;
  /** Chunks loaded before the page can render: entry + its static imports + the page + its static imports. */
  chunks: number;
  rawBytes: number;
  gzipBytes: number;
}

/** Page module -> the routes it renders (apps/web/src/app/router.tsx). A page not listed shows its file. */
const ROUTES: Record<string, string> = {
  'src/features/home/home-page.tsx': '/',
  'src/features/auth/verify-mobile-page.tsx': '/verify-mobile',
  'src/features/products/products-page.tsx': '/products',
  'src/features/customize/customize-page.tsx': '/customize',
  'src/features/customize/customized-preview-page.tsx': '/customized-campaign-preview',
  'src/features/campaigns/campaigns-page.tsx': '/campaigns',
  'src/features/campaigns/campaign-page.tsx': '/campaign/:campaignId',
  'src/features/product-detail/product-page.tsx': '/product/:productId (and the campaign variants)',
  'src/features/cart/cart-page.tsx': '/cart',
  'src/features/checkout/checkout-page.tsx': '/user-details',
  'src/features/orders/my-orders-page.tsx': '/my-orders',
  'src/features/profile/profile-page.tsx': '/profile',
  'src/features/legal/terms-page.tsx': '/terms-and-conditions',
  'src/features/legal/privacy-page.tsx': '/privacy-policy',
};

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  if (!manifest[key]) throw new Error(`Vite manifest: no chunk ${key}`);
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/**
 * First-load JavaScript per route of a Vite build in `dist` (built with build.manifest): the entry chunk and
 * its static imports (what index.html loads and modulepreloads) plus the route's lazily loaded page chunk
 * and its static imports, each file gzipped (level 9, as a precompressing server would send it) and summed.
 */
export function firstLoadSizes(dist: string): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Vite manifest: expected one entry, found ${entries.length}`);
  const [entryKey, entry] = entries[0];
  const entryChunks = staticClosure(manifest, entryKey);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (key: string) => {
    let size = sizes.get(key);
    if (!size) {
      const bytes = readFileSync(path.join(dist, manifest[key].file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(key, size);
    }
    return size;
  };
  const pages = (entry.dynamicImports ?? []).filter((key) => /^src\/.*-page\.tsx$/.test(key));
  if (pages.length === 0) throw new Error('Vite manifest: the entry lazily loads no page');
  return pages
    .map((page) => {
      const keys = staticClosure(manifest, page, new Set(entryChunks));
      const files = [...keys].filter((key) => manifest[key].file.endsWith('.js'));
      return {
        route: ROUTES[page] ?? page,
        chunks: files.length,
        rawBytes: files.reduce((sum, key) => sum + sizeOf(key).raw, 0),
        gzipBytes: files.reduce((sum, key) => sum + sizeOf(key).gzip, 0),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The room modules (DESIGN.md section 7): each console is one lazily loaded area of the app. */
const ROOM_AREAS = ['src/partner/partner-area.tsx', 'src/ops/ops-area.tsx'];
const isRoomModule = (key: string) => /^src\/(partner|ops)\//.test(key);

/**
 * The built files that belong to the consoles only (src/partner, src/ops): everything the room areas reach
 * through static and lazy imports that no buyer module reaches without passing through a room. A buyer page
 * that requests one of these has pulled console code into the buyer's download.
 */
export function consoleOnlyFiles(dist: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const reach = (starts: string[], skip: (key: string) => boolean) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || skip(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
        visit(dep);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const buyer = reach(entries, isRoomModule);
  const rooms = reach(
    ROOM_AREAS.filter((key) => manifest[key]),
    () => false,
  );
  const files = new Set<string>();
  for (const key of Object.keys(manifest)) {
    if (isRoomModule(key) || (rooms.has(key) && !buyer.has(key))) files.add(manifest[key].file);
  }
  return files;
}
