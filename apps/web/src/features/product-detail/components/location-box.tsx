import { LocationOn } from '@mui/icons-material';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { Product } from '@ooh/shared';
import { MapIllustration } from '../../campaigns/components/map-illustration';

/** The second box: where the site is, with a drawn map (no third-party tiles). */
export function LocationBox({ product }: { product: Product }) {
  const place = [product.district, product.state].filter(Boolean).join(', ');
  return (
    <Card component="section" aria-labelledby="location-heading" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="location-heading" variant="h6" component="h2" gutterBottom>
          Location
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <LocationOn color="secondary" aria-hidden />
          <Typography component="address" sx={{ fontStyle: 'normal' }}>
            {product.address}
            <br />
            {[product.city !== product.district ? product.city : null, product.district]
              .filter(Boolean)
              .join(', ')}
            <br />
            {product.state}
            {product.pin_code ? ` - ${product.pin_code}` : ''}
          </Typography>
        </Stack>
        <MapIllustration place={`${product.address}, ${place}`} height={200} />
      </CardContent>
    </Card>
  );
}
