import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** A signed-in user who is no operator (the API said 403): a plain page, not an error. */
export function OpsForbidden() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        This area is for operators
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The back office is only open to the marketplace's own staff. If you should have access, ask an
        administrator to add your mobile number to the operators' list, then sign in again.
      </Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="contained">
          Back to home
        </Button>
      </Box>
    </Container>
  );
}
