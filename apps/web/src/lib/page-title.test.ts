import { describe, expect, it } from 'vitest';
import { pageMeta, SITE_DESCRIPTION } from './page-meta';
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
    expect(pageMeta(HOME_TITLE, '33 sites in Mumbai')[1]).toEqual({
      name: 'description',
      content: '33 sites in Mumbai',
    });
  });
});
