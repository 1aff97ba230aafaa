import { Card, CardContent, Divider, Typography } from '@mui/material';
import type { Product } from '@ooh/shared';
import { formatAudience } from '@ooh/shared';
import { Fragment } from 'react';

/** The Specifications box (docs/product-spec.md section 2): each row only when the site has that value. */
export function SpecificationsBox({ product }: { product: Product }) {
  const rows: Array<[string, string | number | null | undefined]> = [
    ['Site code', product.product_id],
    ['Category', product.category],
    ['Dimensions', product.image_size],
    ['Format Support', product.image_format],
    ['Lighting/Non-Lighting', product.lighting],
    ['State', product.state],
    ['District', product.district],
    ['Address', product.address],
    // Decision 080: the figure never without its source and month; the method says how it was had.
    ['Audience', product.audience ? formatAudience(product.audience) : null],
    ['How measured', product.audience?.method || null],
  ];
  const present = rows.filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== '');

  return (
    <Card component="section" aria-labelledby="specifications-heading" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="specifications-heading" variant="h6" component="h2" gutterBottom>
          Specifications
        </Typography>
        <Typography
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(120px, 40%) 1fr',
            columnGap: 2,
            rowGap: 1,
            m: 0,
          }}
        >
          {present.map(([label, value], i) => (
            <Fragment key={label}>
              {i > 0 ? <Divider sx={{ gridColumn: '1 / -1' }} aria-hidden /> : null}
              <Typography component="dt" color="text.secondary" variant="body2">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {value}
              </Typography>
            </Fragment>
          ))}
        </Typography>
      </CardContent>
    </Card>
  );
}
