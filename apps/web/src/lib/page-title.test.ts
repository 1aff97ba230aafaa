import { describe, expect, it } from 'vitest';
import { documentTitle, HOME_TITLE, withTitle } from './page-title';

const TEMPLATE = '<html><head><meta charset="utf-8"><title>AdSpace India</title></head><body></body></html>';

describe('page titles', () => {
  it('name the page, then the site; the home page keeps its own', () => {
    expect(documentTitle('Lamp post on MG Road')).toBe('Lamp post on MG Road · AdSpace India');
    expect(documentTitle(HOME_TITLE)).toBe(HOME_TITLE);
  });

  it('replace the HTML title once, with a site name as text, never markup', () => {
    const html = withTitle(TEMPLATE, '</title><script>alert(1)</script> & "Co" $1 $&');
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; $1 $&amp; · AdSpace India</title>',
    );
    expect(html).not.toContain('<script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('leave the HTML as it is when the page named no title', () => {
    expect(withTitle(TEMPLATE, undefined)).toBe(TEMPLATE);
  });
});
