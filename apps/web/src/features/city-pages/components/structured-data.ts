import { type CityPage, cityPagePath, formatLabel } from '@ooh/shared';

/**
 * schema.org data of a city page: its breadcrumb trail, and its sites as an ItemList of Products with their
 * daily price in rupees, so a search result can show them. URLs are absolute, from the page's own address.
 */
export function cityPageJsonLd(page: CityPage, heading: string): unknown[] {
  const origin = new URL(page.url).origin;
  const crumbs = [
    { name: 'Home', url: `${origin}/` },
    { name: `Outdoor advertising in ${page.city.name}`, url: origin + cityPagePath(page.city.slug) },
    ...(page.format
      ? [
          {
            name: formatLabel(page.format.name),
            url: origin + cityPagePath(page.city.slug, page.format.slug),
          },
        ]
      : []),
  ];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: c.url,
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: heading,
      url: page.url,
      numberOfItems: page.count,
      itemListElement: page.sites.map((site, i) => {
        const url = `${origin}/product/${site.id}`;
        return {
          '@type': 'ListItem',
          position: i + 1,
          item: {
            '@type': 'Product',
            name: site.name,
            url,
            sku: site.product_id,
            category: site.category,
            ...(site.images[0] ? { image: new URL(site.images[0], origin).href } : {}),
            description: site.description || `${site.category} at ${site.address}`,
            offers: {
              '@type': 'Offer',
              url,
              price: site.price,
              priceCurrency: 'INR',
              availability: 'https://schema.org/InStock',
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: site.price,
                priceCurrency: 'INR',
                unitCode: 'DAY',
              },
            },
          },
        };
      }),
    },
  ];
}
