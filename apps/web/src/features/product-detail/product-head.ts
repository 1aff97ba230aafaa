import { formatLabel, formatRupees, type Product } from '@ooh/shared';
import { absoluteUrl, descriptionOf } from '../../lib/page-meta';

/** A site's one address, whichever of its three pages (a campaign's, a customized plan's) shows it. */
export const productPath = (id: number): string => `/product/${id}`;

/**
 * A site's search-result description: its own words when it has them (the owner's description), else what
 * and where it is, with its daily price.
 */
export function productDescription(p: Product): string {
  const where = [p.city, p.state].filter(Boolean).join(', ');
  const facts = `${formatLabel(p.category)} in ${where}, ${formatRupees(p.price).replace(/\.00$/, '')} a day`;
  return descriptionOf(
    p.description.trim() ? `${p.description.trim()} ${facts}.` : `${p.name}: ${facts}. Book online.`,
  );
}

/**
 * schema.org data of a site's page: a Product (the site, its code as sku, its photos and format) with an
 * Offer of its daily price in rupees, and the breadcrumb trail to its city. URLs are absolute.
 */
export function productJsonLd(p: Product, origin: string): unknown[] {
  const url = absoluteUrl(origin, productPath(p.id));
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      url,
      sku: p.product_id,
      category: p.category,
      description: descriptionOf(p.description || `${p.category} at ${p.address}`, 5000),
      ...(p.images.length ? { image: p.images.map((i) => absoluteUrl(origin, i)) } : {}),
      offers: {
        '@type': 'Offer',
        url,
        price: p.price,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        areaServed: { '@type': 'City', name: p.city },
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: p.price,
          priceCurrency: 'INR',
          unitCode: 'DAY',
        },
      },
    },
  ];
}
