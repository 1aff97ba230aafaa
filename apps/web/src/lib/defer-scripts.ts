/**
 * The app starts after the server's HTML has been painted (docs/decisions/035 and 043). React Router writes a
 * page's scripts as `<link rel="modulepreload">` tags (React hoists them into <head>) and one inline module
 * that imports the route modules and then the client entry. On a fast link they all arrive before the first
 * frame, so the first paint of a page already complete in its HTML waits for the whole app to download, run
 * and hydrate; Lighthouse's simulation then charges every one of those requests to the first paint.
 *
 * `deferScripts` rewrites the rendered document: the preload tags go, and the inline module becomes a script
 * that, once the browser reports the page painted (`afterFirstPaint`; at once in a hidden tab), adds the same
 * preloads (a few per task) and imports the same modules, in the same order, with the same names. The script
 * keeps its nonce.
 */

/** How long a visible page waits for its first contentful paint before starting anyway (a slow phone paints late). */
export const PAINT_WAIT_MS = 4000;

/**
 * Runs `code` once the browser reports the document's first contentful paint (a `paint` performance entry,
 * delivered once the frame has been presented), at once in a hidden tab (which paints nothing) or when the
 * tab is hidden before it paints, and after PAINT_WAIT_MS at the latest. A browser without paint entries
 * waits one frame and a task.
 *
 * Why the entry and not the next frame: the frame's callbacks run before it is presented, and on a busy
 * phone the presentation comes 100 ms or more later. Scripts requested in that gap share the link with the
 * page's pictures while they are still arriving, and Lighthouse charges them to the first and largest paints.
 */
export function afterFirstPaint(code: string): string {
  return `(function(){var d=document,done=0;function go(){if(done)return;done=1;${code}}function soon(){setTimeout(go)}if(d.visibilityState==='hidden')return go();d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')go()});setTimeout(go,${PAINT_WAIT_MS});try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();soon()}}).observe({type:'paint',buffered:true});return}}catch(e){}requestAnimationFrame(soon)})()`;
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
