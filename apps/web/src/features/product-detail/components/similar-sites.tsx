import { Box, Grid, Skeleton, Typography } from '@mui/material';
import type { Product } from '@ooh/shared';
import { ProductCard } from '../../../components/product-card';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useSimilarProducts } from '../api/list-similar-products';

/** "Sites you may Like": four other sites in a 4-column grid, each with the Add toggle (docs/product-spec.md section 2). */
export function SimilarSites({ product }: { product: Product }) {
  const similar = useSimilarProducts(product);
  // Below the fold: the cards draw as the section comes near the screen.
  const { ref, near } = useNearViewport<HTMLElement>();
  if (similar.isError || (similar.data && similar.data.length === 0)) return null;
  const shown = near ? similar.data : undefined;

  return (
    <Box component="section" aria-labelledby="similar-heading" ref={ref}>
      <Typography id="similar-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Sites you may Like
      </Typography>
      <Grid container spacing={2}>
        {(shown ?? Array.from({ length: 4 }, () => null)).map((p, i) => (
          <Grid key={p?.id ?? `skeleton-${i}`} size={{ xs: 12, sm: 6, md: 3 }}>
            {p ? (
              <ProductCard product={p} href={`/product/${p.id}`} headingComponent="h3" />
            ) : (
              <Skeleton variant="rounded" height={280} />
            )}
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
