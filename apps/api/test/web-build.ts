import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The inline scripts the stand-in build's pages carry with their answer's nonce. */
export const STAND_IN_SCRIPTS = ['window.started = 1', 'window.routed = 2'];

/**
 * A stand-in web build in `dist` (the real one is React Router's, apps/web; the browser journeys drive it):
 * client/ with hashed assets (a script, a stylesheet, a worker, an image) and the icon, and a server build whose request handler renders
 * `/product/{id}` with the product's name (unescaped, as React never would: a check that an injected script
 * is not allowed), redirects `/elsewhere` home, and renders any other path as a page naming it. Every page has
 * two inline scripts carrying the answer's nonce.
 */
export function writeStandInWebBuild(dist: string): void {
  mkdirSync(path.join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, 'client', 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'client', 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'client', 'assets', 'worker-hash-abc123.js'), 'onmessage=()=>{}');
  writeFileSync(
    path.join(dist, 'client', 'assets', 'map-abc123.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(path.join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dist, 'server', 'index.js'),
    `const SCRIPTS = ${JSON.stringify(STAND_IN_SCRIPTS)};
const page = (nonce, body, status = 200, headers = {}) =>
  new Response(
    '<!DOCTYPE html><html><head><title>AdSpace India</title></head><body><div id="page">' + body + '</div>' +
      SCRIPTS.map((s) => '<script nonce="' + nonce + '">' + s + '</script>').join('') + '</body></html>',
    { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } },
  );
export const entry = {
  module: {
    createRequestHandler: () => async (request, context) => {
      const url = new URL(request.url);
      // A form sent natively: the route's action reads the fields and POSTs them to the API, as the home page's.
      if (request.method === 'POST') {
        const fields = Object.fromEntries(await request.formData());
        const answer = await context.api('/api/contact/', { method: 'POST', body: fields });
        return page(context.nonce, 'sent ' + answer.status, answer.status === 201 ? 200 : 400);
      }
      // A page its route says is never stored (the approver's page, one link's), the same for every visitor.
      if (url.pathname.startsWith('/approvals/')) {
        return page(context.nonce, 'approval', 200, { 'cache-control': 'private, no-store' });
      }
      if (url.pathname === '/elsewhere') return new Response(null, { status: 302, headers: { location: '/' } });
      const product = /^\\/product\\/(\\d+)$/.exec(url.pathname);
      if (product) {
        const answer = await context.api('/api/product/' + product[1]);
        return answer.status === 200 ? page(context.nonce, answer.body.name) : page(context.nonce, 'No such site', 404);
      }
      return page(context.nonce, 'page ' + url.pathname + url.search + ' cookie ' + (request.headers.get('cookie') ?? ''));
    },
  },
};
`,
  );
}
