import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes .vite/chunk-modules.json beside Vite's manifest: each built JavaScript file and the app's own
 * source modules inside it ("src/partner/partner-layout.tsx"). The manifest names only a chunk's entry
 * module; this names every module, so a check can tell that a file the buyer downloads holds console code
 * (src/partner, src/ops) even when a stray import merged that code into a buyer chunk
 * (e2e/buyer-bundle.spec.ts, scripts/bench/web-sizes.ts).
 */
export function chunkModules(options: { root: string }): Plugin {
  return {
    name: 'ooh-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        map[chunk.fileName] = chunk.moduleIds
          .map((id) => path.relative(options.root, id).split(path.sep).join('/'))
          .filter((id) => id.startsWith('src/'));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(map, null, 1)}\n`,
      });
    },
  };
}
