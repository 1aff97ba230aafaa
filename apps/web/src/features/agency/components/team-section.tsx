import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { type AgencyMember, type AgencyRole, formatDateIst } from '@ooh/shared';
import { Form, useNavigation } from 'react-router';
import { FormSelect, fieldsOf, useOutcomeOf } from './form-fields';

export const ROLE_LABELS: Record<AgencyRole, string> = {
  admin: 'Admin',
  planner: 'Planner',
  approver: 'Approver',
};
const ROLE_CHOICES = (['planner', 'approver', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));

function MemberRow({ member, busy }: { member: AgencyMember; busy: boolean }) {
  const outcome = useOutcomeOf(`remove_member:${member.id}`);
  return (
    <Box component="li" sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600, minWidth: 0 }}>+91 {member.phone_number}</Typography>
        <Chip size="small" label={ROLE_LABELS[member.role]} />
        {member.is_you ? <Chip size="small" variant="outlined" label="You" /> : null}
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          since {formatDateIst(member.since)}
        </Typography>
        <Form method="post" replace aria-label={`Remove ${member.phone_number}`}>
          <input type="hidden" name="intent" value="remove_member" />
          <input type="hidden" name="member_id" value={member.id} />
          <Button type="submit" size="small" color="error" disabled={busy}>
            Remove
          </Button>
        </Form>
      </Stack>
      {outcome && !outcome.ok ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {outcome.message}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The agency's team (admins only, decision 092): each number with its role, Remove (never the last admin:
 * the API's refusal is shown at that member), and adding a number with a role.
 */
export function TeamSection({ members }: { members: AgencyMember[] | null }) {
  const busy = useNavigation().state === 'submitting';
  const added = useOutcomeOf('add_member');
  const removed = useOutcomeOf('remove_member:');
  const field = fieldsOf(added, 'member');
  const values = added && !added.ok ? (added.values ?? {}) : {};
  return (
    <Paper variant="outlined" component="section" aria-labelledby="team-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="team-heading" variant="h6" component="h2" gutterBottom>
        Team
      </Typography>
      {members ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Members">
          {members.map((m) => (
            <MemberRow key={m.id} member={m} busy={busy} />
          ))}
        </Box>
      ) : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The team could not be loaded. Please reload the page.
        </Alert>
      )}
      {removed?.ok || added?.ok ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {(added?.ok ? added : removed)?.message}
        </Alert>
      ) : null}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Add a member
      </Typography>
      <Form method="post" replace aria-label="Add a member" key={added?.id ?? 'add-member'}>
        <input type="hidden" name="intent" value="add_member" />
        <Stack spacing={2}>
          {added && !added.ok && added.message ? <Alert severity="error">{added.message}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('phone_number', 'Mobile number', {
              required: true,
              type: 'tel',
              slotProps: { htmlInput: { inputMode: 'tel', maxLength: 14 } },
            })}
            <FormSelect
              id="member-role"
              name="role"
              label="Role"
              choices={ROLE_CHOICES}
              defaultValue={values.role ?? 'planner'}
              message={added?.fields?.role}
              helperText="Planners add clients and book; approvers sign off plans; admins also manage the team."
            />
          </Stack>
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            Add member
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
