import type { Plugin } from 'vite';

/** The modules every page runs: the client entry, the root route and the buyer's layout route. */
const SHELL_ROOTS = /[\\/]src[\\/](entry\.client|root|app[\\/]layout[\\/]app-layout)\.tsx$/;

/**
 * What the walk follows: the app's own code. Not the packages: the app imports the barrels of MUI and of the
 * shared package, whose every component or schema the build drops unless a page uses it, and a walk of the
 * imports cannot tell which (it put 87 KB brotli in the shell). Rolldown itself adds to the group what the
 * modules found use (`includeDependenciesRecursively`, on by default), MUI's parts among them.
 */
const SHELL_SOURCES = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * Finds the modules every page loads: those the client entry, the root route and the layout route import
 * statically, and what they import in turn (not those three themselves, which stay their routes' entries).
 * `isShellModule` is the test of the `shell` chunk group (vite.config.ts): rolldown groups modules after the
 * build has read them all, when this set is complete.
 */
export function appShell(): { plugin: Plugin; isShellModule: (id: string) => boolean } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'ooh-app-shell',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const roots = [...this.getModuleIds()].filter((id) => SHELL_ROOTS.test(id));
      const queue = roots.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      while (queue.length > 0) {
        const id = queue.pop() as string;
        if (shell.has(id) || SHELL_ROOTS.test(id)) continue;
        if (!SHELL_SOURCES.test(id)) continue;
        shell.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, isShellModule: (id) => shell.has(id) };
}
