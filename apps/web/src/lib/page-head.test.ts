import { describe, expect, it } from 'vitest';
import { withHead } from './page-head';

const template =
  '<html><head><meta name="description" content="Book outdoor advertising." /><title>x</title></head><body></body></html>';

describe('withHead', () => {
  it("writes the page's description, canonical link and JSON-LD into <head>, escaped", () => {
    const html = withHead(template, {
      description: 'Sites in "Mumbai" & <Thane>',
      canonical: 'https://ads.example.in/outdoor-advertising/mumbai',
      jsonLd: [{ '@type': 'ItemList', name: '</script><script>alert(1)</script>' }],
    });
    expect(html).toContain(
      '<meta name="description" content="Sites in &quot;Mumbai&quot; &amp; &lt;Thane&gt;" />',
    );
    expect(html).not.toContain('Book outdoor advertising.');
    expect(html).toContain(
      '<link rel="canonical" href="https://ads.example.in/outdoor-advertising/mumbai" />',
    );
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ '@type': 'ItemList', name: '</script><script>alert(1)</script>' });
    expect(html.indexOf('application/ld+json')).toBeGreaterThan(html.indexOf('<body>'));
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</body>'));
  });

  it('leaves the document as it is for a page without a head', () => {
    expect(withHead(template, {})).toBe(template);
  });
});
