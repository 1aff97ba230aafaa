import { Alert, Box, Button, Container, Typography } from '@mui/material';
import { type Approval, type BriefDetail, formatBookingPeriod, formatRupees } from '@ooh/shared';
import { Link as RouterLink, useActionData, useNavigation } from 'react-router';
import type { BriefOutcome } from './brief-actions';
import { ProposalCard } from './proposal-card';
import { ProposalsMap } from './proposals-map';

/** A brief and its proposals side by side (decision 086); each answer is a native form. */
export default function BriefPage({
  brief,
  approvals = [],
  approvalRequired = false,
}: {
  brief: BriefDetail | null;
  /** A client brief's approval links of its proposals (decision 092), newest first. */
  approvals?: Approval[];
  approvalRequired?: boolean;
}) {
  const outcome = useActionData<BriefOutcome>();
  const busy = useNavigation().state === 'submitting';
  if (!brief)
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Alert severity="warning">This brief could not be found.</Alert>
        <Button component={RouterLink} to="/briefs" sx={{ mt: 2 }}>
          Back to briefs
        </Button>
      </Container>
    );
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Button component={RouterLink} to="/briefs" size="small">
        ← Briefs
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {brief.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {brief.cities.join(', ')}
        {brief.formats.length ? ` · ${brief.formats.join(', ')}` : ''} ·{' '}
        {formatBookingPeriod(brief.from_date, brief.to_date)} · budget {formatRupees(brief.budget)} · answers
        by {brief.respond_by}
        {brief.client_name ? (
          <>
            {' · '}for <strong>{brief.client_name}</strong>
          </>
        ) : null}
      </Typography>
      {!brief.proposals.length ? (
        <Alert severity="info">
          No proposals yet. Owners with matching sites have been told; you will hear by SMS and email.
        </Alert>
      ) : (
        <ProposalsMap proposals={brief.proposals} />
      )}
      {brief.proposals.length ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
            alignItems: 'start',
          }}
        >
          {brief.proposals.map((p) => (
            <ProposalCard
              key={p.id}
              p={p}
              outcome={outcome}
              busy={busy}
              clientName={brief.client_name}
              approvalRequired={approvalRequired}
              approvals={approvals.filter((a) => a.proposal_id === p.id)}
            />
          ))}
        </Box>
      ) : null}
    </Container>
  );
}
