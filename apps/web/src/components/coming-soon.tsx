import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Stand-in for a screen that a later change builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Container sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page is coming soon.
      </Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="contained">
          Back to home
        </Button>
      </Box>
    </Container>
  );
}
