import type { Plugin } from 'vite';

/**
 * Fails the browser build when two chunks import each other, directly or round a loop. ES modules in a
 * loop run in an order the source never had: a page then died on load with "Cannot read properties of
 * undefined (reading '__emotion_styles')" (a MUI component styled from one not yet defined), after
 * merging small groups of shared MUI code joined two groups that needed each other (vite.config.ts).
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'ooh-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') imports.set(chunk.fileName, chunk.imports);
      }
      const state = new Map<string, 'open' | 'done'>();
      const path: string[] = [];
      const visit = (name: string): void => {
        state.set(name, 'open');
        path.push(name);
        for (const next of imports.get(name) ?? []) {
          if (state.get(next) === 'open') {
            const loop = [...path.slice(path.indexOf(next)), next].join(' -> ');
            this.error(`Chunks import each other, so their modules would run out of order: ${loop}`);
          }
          if (!state.has(next)) visit(next);
        }
        path.pop();
        state.set(name, 'done');
      };
      for (const name of imports.keys()) if (!state.has(name)) visit(name);
    },
  };
}
