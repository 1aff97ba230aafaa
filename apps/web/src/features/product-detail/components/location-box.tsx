import { LocationOn } from '@mui/icons-material';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { Product } from '@ooh/shared';
import { SiteLocations } from '../../../components/site-locations';

/** The second box: where the site is: its address and its coordinates (no drawn stand-in map). */
export function LocationBox({ product }: { product: Product }) {
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
        <SiteLocations sites={[product]} />
      </CardContent>
    </Card>
  );
}
