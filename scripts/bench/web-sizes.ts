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

/** The consoles' source folders (docs/product-rules.md section 7): their code loads only for their users. */
const isConsoleModule = (id: string) => /^src\/(partner|ops)\//.test(id);

/**
 * The built files that hold any console code (src/partner, src/ops), from .vite/chunk-modules.json
 * (apps/web/build/chunk-modules.ts): every module of every file, so console code merged into a buyer chunk
 * by a stray import marks that chunk too. A buyer page that requests one of these downloads console code.
 */
export function consoleFiles(dist: string): Set<string> {
  const map = JSON.parse(readFileSync(path.join(dist, '.vite', 'chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  return new Set(Object.keys(map).filter((file) => map[file].some(isConsoleModule)));
}
