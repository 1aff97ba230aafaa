/**
 * The app starts after the server's HTML has been painted (docs/decisions/035 and 043). React Router writes a
 * page's scripts as `<link rel="modulepreload">` tags (React hoists them into <head>) and one inline module
 * that imports the route modules and then the client entry. On a fast link they all arrive before the first
 * frame, so the first paint of a page already complete in its HTML waits for the whole app to download, run
 * and hydrate; Lighthouse's simulation then charges every one of those requests to the first paint.
 *
 * `deferScripts` rewrites the rendered document: the preload tags go, and the inline module becomes a script
 * that, one frame and a task after parsing (at once in a hidden tab, which paints nothing), adds the same
 * preloads (a few per task) and imports the same modules, in the same order, with the same names. The script
 * keeps its nonce.
 */

/** Runs `code` once the document has been painted, or at once in a hidden tab. */
export function afterFirstPaint(code: string): string {
  return `(function(){function go(){${code}}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go)})})()`;
}

/** Preload tags added per task (see deferScripts). */
const PRELOAD_BATCH = 4;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script([^>]*) type="module"([^>]*)>([\s\S]*?)<\/script>/g;
/** `import "x";` or `import * as name from "x";` (the framework's forms); never `import("x")`. */
const STATIC_IMPORT = /import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"\\]+");?/g;

export function deferScripts(html: string): string {
  const preloads: string[] = [];
  let rest = html.replace(PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  let modules = 0;
  rest = rest.replace(MODULE_SCRIPT, (_tag, before: string, after: string, body: string) => {
    modules += 1;
    const specifiers: string[] = [];
    const names: string[] = [];
    const code = body.replace(STATIC_IMPORT, (_statement, name: string | undefined, specifier: string) => {
      if (name) names.push(`${name}=m[${specifiers.length}]`);
      specifiers.push(`import(${specifier})`);
      return '';
    });
    const declare = names.length > 0 ? `var ${names.join(',')};` : '';
    const run = `Promise.all([${specifiers.join(',')}]).then(function(m){${declare}${code.trim()}})`;
    // Each preload tag costs the page a little to start its request (1-3 ms here, four times that on a slow
    // phone), and a page has dozens: added all at once they were one task of 0.3 s in which taps went
    // unanswered. PRELOAD_BATCH at a time, a task each, then the imports.
    const hrefs = `[${preloads.map((href) => JSON.stringify(href)).join(',')}]`;
    const preloadThenRun = `var h=${hrefs},i=0;function more(){for(var n=0;n<${PRELOAD_BATCH}&&i<h.length;n++,i++){var l=document.createElement('link');l.rel='modulepreload';l.href=h[i];document.head.appendChild(l)}if(i<h.length)setTimeout(more);else{${run}}}more();`;
    // A classic script: its body is no longer a module (it has no static import left).
    return `<script${before}${after.replace(/\s*async=""/, '')}>${afterFirstPaint(preloadThenRun)}</script>`;
  });
  if (modules !== 1)
    throw new Error(`deferScripts: expected the framework's one module script, found ${modules}`);
  return rest;
}
