import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScripts } from './csp';

describe('the inline scripts the build lists for the Content-Security-Policy', () => {
  it("hashes a script as CSP does (CSP Level 3's own example)", () => {
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it('takes the scripts a browser runs, and leaves external scripts and data blocks', () => {
    const html = [
      '<script>one()</script>',
      '<script type="module">two()</script>',
      "<script type='text/javascript'>three()</script>",
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script src=/x.js>ignored()</script>',
      '<script type="application/json" id="ooh-server-data">{"a":1}</script>',
      '<SCRIPT TYPE="TEXT/JAVASCRIPT">four()</SCRIPT >',
    ].join('\n');
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()', 'four()']);
  });

  it('reads the text as the HTML parser hands it over: CR LF and lone CR become LF', () => {
    expect(inlineScripts('<script>a()\r\nb()\rc()</script>')).toEqual(['a()\nb()\nc()']);
    expect(inlineScriptHashes('<script>a()\r\nb()</script>')).toEqual(
      inlineScriptHashes('<script>a()\nb()</script>'),
    );
  });

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<!doctype html><div id="root"></div>')).toEqual([]);
  });
});
