// One-off: screenshots of changed pages at 375/768/1280 and the head tags of a site page (not committed).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startWebServer } from '../scripts/bench/lighthouse.ts';
import { ROOT } from '../scripts/bench/server.ts';

const server = await startWebServer(4262, path.join(ROOT, 'apps/web/dist'), mkdtempSync(path.join(os.tmpdir(), 'shots-')));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const head = await (await fetch(`${server.url}/product/1`)).text();
  console.log(head.match(/<head>[\s\S]*?<\/head>/)?.[0].replace(/<style[\s\S]*?<\/style>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, ''));
  for (const w of [375, 768, 1280]) {
    const page = await browser.newPage({ viewport: { width: w, height: 900 } });
    for (const [name, p] of [['product', '/product/1'], ['home', '/'], ['campaign-missing', '/campaign/999999']]) {
      await page.goto(server.url + p);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${name}-${w}.png` });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
