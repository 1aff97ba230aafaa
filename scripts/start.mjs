// npm start: build the SPA if it is missing or stale, then serve the whole product on one port.
import path from 'node:path';
import { buildWeb, ROOT, run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app...');
  await buildWeb();
}
const code = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
  env: { ...process.env },
});
process.exit(code);
