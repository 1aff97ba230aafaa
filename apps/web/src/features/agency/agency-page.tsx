import { Alert, Box, Container, Paper, Stack, Typography } from '@mui/material';
import type { Agency, AgencyClientWithSpend, AgencyMember } from '@ooh/shared';
import { ClientsSection } from './components/clients-section';
import { CreateAgencyForm } from './components/create-agency-form';
import { useOutcomeOf } from './components/form-fields';
import { ROLE_LABELS, TeamSection } from './components/team-section';

/** What the server rendered /agency with (agency-route.tsx); null where the API said no (404, 403). */
export interface RenderedAgency {
  agency: Agency | null;
  members: AgencyMember[] | null;
  clients: AgencyClientWithSpend[] | null;
}

function Details({ agency }: { agency: Agency }) {
  const rows: Array<[string, string]> = [
    ['GSTIN', agency.gstin],
    ['PAN', agency.pan],
    ['Address', `${agency.address}, ${agency.city}, ${agency.state} ${agency.pin}`],
    ['Your role', ROLE_LABELS[agency.role]],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label="Agency details" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {agency.company_name}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * /agency (DESIGN 19, decision 092): someone of no agency creates one; a member sees its details, the team
 * (admins manage it) and the clients (admins and planners manage them). Every form is a route form.
 */
export default function AgencyPage({ rendered }: { rendered: RenderedAgency }) {
  const { agency, members, clients } = rendered;
  const created = useOutcomeOf('create');
  const role = agency?.role;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Agency
      </Typography>
      {!agency ? (
        <CreateAgencyForm />
      ) : (
        <Stack spacing={3}>
          {created?.ok ? <Alert severity="success">{created.message}</Alert> : null}
          <Details agency={agency} />
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              alignItems: 'start',
            }}
          >
            {role === 'admin' ? (
              <TeamSection members={members} />
            ) : (
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  Team
                </Typography>
                <Typography color="text.secondary">The agency's admins manage its team.</Typography>
              </Paper>
            )}
            {role === 'admin' || role === 'planner' ? (
              <ClientsSection clients={clients} />
            ) : (
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  Clients
                </Typography>
                <Typography color="text.secondary">
                  As an approver you sign off plans for the agency's clients; its admins and planners manage
                  the clients.
                </Typography>
              </Paper>
            )}
          </Box>
        </Stack>
      )}
    </Container>
  );
}
