import { CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';

/**
 * What the server sends for /cart (routes/cart.tsx, until hydrated): the cart lives in this browser's storage, so
 * the server cannot draw its lines, only the page's frame. The heading and a word on where the cart is come
 * with the HTML, instead of a bare spinner until the app has started (on a slow phone, seconds later).
 */
export function CartLoading() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        My Cart
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Loading" size={32} sx={{ flexShrink: 0 }} />
          <Typography color="text.secondary">
            Opening your cart. It is kept in this browser, so the campaigns and sites you added here appear in
            a moment, with their dates and the total payable.
          </Typography>
        </Stack>
      </Paper>
    </Container>
  );
}
