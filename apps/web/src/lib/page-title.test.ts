import { describe, expect, it } from 'vitest';
import { descriptionOf, pageMeta, SITE_DESCRIPTION } from './page-meta';
import { documentTitle, HOME_TITLE } from './page-title';

describe('page titles', () => {
  it('name the page, then the site; the home page keeps its own', () => {
    expect(documentTitle('Lamp post on MG Road')).toBe('Lamp post on MG Road · AdSpace India');
    expect(documentTitle(HOME_TITLE)).toBe(HOME_TITLE);
  });

  it("give each route's meta its title and a description, the site's unless the page has its own", () => {
    expect(pageMeta('My Cart')).toEqual([
      { title: 'My Cart · AdSpace India' },
      { name: 'description', content: SITE_DESCRIPTION },
    ]);
    expect(pageMeta(HOME_TITLE, undefined, { description: '33 sites in Mumbai' })[1]).toEqual({
      name: 'description',
      content: '33 sites in Mumbai',
    });
  });

  it('with the place, a public page has its canonical link, Open Graph tags and JSON-LD, all absolute', () => {
    const place = {
      location: { pathname: '/campaign/4/product/7', search: '?from=x' },
      matches: [{ id: 'root', data: { origin: 'https://ads.example.in' } }],
    };
    const tags = pageMeta('Lamp post', place, {
      description: 'A lamp post on MG Road',
      canonicalPath: '/product/7',
      image: '/media/site 7.jpg',
      type: 'product',
      jsonLd: [{ '@type': 'Product', name: 'Lamp post' }],
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://ads.example.in/product/7',
    });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://ads.example.in/product/7' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' });
    expect(tags).toContainEqual({ property: 'og:title', content: 'Lamp post · AdSpace India' });
    expect(tags).toContainEqual({ property: 'og:description', content: 'A lamp post on MG Road' });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://ads.example.in/media/site%207.jpg',
    });
    expect(tags).toContainEqual({ 'script:ld+json': { '@type': 'Product', name: 'Lamp post' } });
    // A filtered list keeps its query; a page left out of search engines has no canonical.
    const list = pageMeta(
      'Sites',
      { ...place, location: { pathname: '/products', search: '?search=Pune' } },
      { keepQuery: true },
    );
    expect(list).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://ads.example.in/products?search=Pune',
    });
    const hidden = pageMeta('Cart', place, { noindex: true });
    expect(hidden.some((t) => 'rel' in t && t.rel === 'canonical')).toBe(false);
    expect(hidden).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('cut a long description at a word, on one line', () => {
    const cut = descriptionOf(`A site\n\non   MG Road ${'with a long view '.repeat(20)}`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/^A site on MG Road with a long view [a-z ]*[a-z]…$/);
    expect(cut).not.toMatch(/\s\s/);
  });
});
