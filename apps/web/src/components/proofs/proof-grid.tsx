import { Box } from '@mui/material';
import type { Proof } from '@ooh/shared';
import { ProofCard, type ProofCardProps } from './proof-card';

/** A line's proof photos as cards, one to three a row by width: the same for buyers and operators. */
export function ProofGrid({ proofs, site }: { proofs: Proof[]; site: ProofCardProps['site'] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {proofs.map((proof) => (
        <ProofCard key={proof.id} proof={proof} site={site} />
      ))}
    </Box>
  );
}
