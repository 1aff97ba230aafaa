import { createHash } from 'node:crypto';

/**
 * The types a browser runs a <script> as (HTML's "JavaScript MIME type essence match", plus module and the
 * two JSON-shaped types it also hands to the script engine); any other type, such as application/json, is a
 * data block the browser never runs, so CSP does not apply to it.
 */
const RUN_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
]);

const attribute = (attrs: string, name: string): string | null => {
  const found = new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attrs);
  return found ? (found[1] ?? found[2] ?? found[3] ?? '') : null;
};

/** The text of each inline script of an HTML document that a browser would run (no src, a script type). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (attribute(attrs, 'src') !== null) continue;
    const type = (attribute(attrs, 'type') ?? '').trim().toLowerCase();
    // The HTML parser turns CR LF and lone CR into LF before the script ever sees its text.
    if (RUN_TYPES.has(type)) scripts.push(body.replace(/\r\n?/g, '\n'));
  }
  return scripts;
}

/**
 * The CSP sources ('sha256-...') that let exactly these inline scripts run: the build lists them for the API,
 * which sends them in script-src with every page (apps/api/src/plugins/security-headers.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}
