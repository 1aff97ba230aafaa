import { AddShoppingCart, ShoppingCartCheckout } from '@mui/icons-material';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { formatBookingPeriod, formatRupees, type ProductPackage } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { packageInCart, useAddPackage } from './use-add-package';

/**
 * "Part of a package" (DESIGN section 20, decision 090): the owner's packages holding this site, each
 * with its sites, dates, price before GST and the saving against the sites' rate-card prices, and
 * "Add the package", which puts every site with the package's dates in the cart. Nothing when there is
 * none. Rendered on the server with the page (the loader reads the packages).
 */
export function ProductPackages({
  productId,
  packages,
}: {
  productId: number;
  packages: readonly ProductPackage[];
}) {
  const { cart, add, adding } = useAddPackage();
  if (!packages.length) return null;
  return (
    <Box component="section" aria-labelledby="packages-heading" data-testid="product-packages">
      <Typography id="packages-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Part of a package
      </Typography>
      <Stack spacing={2}>
        {packages.map((deal) => (
          <PackageCard
            key={deal.id}
            deal={deal}
            productId={productId}
            inCart={packageInCart(cart, deal)}
            adding={adding === deal.id}
            onAdd={() => void add(deal)}
          />
        ))}
      </Stack>
    </Box>
  );
}

function PackageCard({
  deal,
  productId,
  inCart,
  adding,
  onAdd,
}: {
  deal: ProductPackage;
  productId: number;
  inCart: boolean;
  adding: boolean;
  onAdd(): void;
}) {
  const titleId = `package-${deal.id}-name`;
  const n = deal.sites.length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {deal.name}
      </Typography>
      <Typography color="text.secondary" data-testid="package-dates">
        {formatBookingPeriod(deal.from_date, deal.to_date)}, exactly these dates
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }} aria-label={`The ${n} sites of ${deal.name}`}>
        {deal.sites.map((s) => (
          <li key={s.id}>
            {s.id === productId ? (
              <Typography component="span">
                {s.name} · {s.city}{' '}
                <Typography component="span" color="text.secondary">
                  (this site)
                </Typography>
              </Typography>
            ) : (
              <Link component={RouterLink} to={`/product/${s.id}`} underline="hover">
                {s.name} · {s.city}
              </Link>
            )}
          </li>
        ))}
      </Box>
      <Typography data-testid="package-price">
        <strong>{formatRupees(deal.price)}</strong> for all {n} sites
        <Typography component="span" color="text.secondary">
          {' '}
          before GST
        </Typography>
      </Typography>
      {deal.saving > 0 ? (
        <Typography color="success.main" variant="body2" data-testid="package-saving">
          You save {formatRupees(deal.saving)} against the sites' rate-card prices (
          {formatRupees(deal.rate_card_price)})
        </Typography>
      ) : null}
      <Box sx={{ mt: 1.5 }}>
        {inCart ? (
          <Button
            component={RouterLink}
            to="/cart"
            variant="outlined"
            startIcon={<ShoppingCartCheckout />}
            aria-describedby={titleId}
          >
            The package is in your cart
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<AddShoppingCart />}
            onClick={onAdd}
            loading={adding}
            aria-describedby={titleId}
          >
            Add the package
          </Button>
        )}
      </Box>
    </Paper>
  );
}
