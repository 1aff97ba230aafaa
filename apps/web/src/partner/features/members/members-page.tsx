import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { MEMBER_ROLES, type MemberRole, memberInviteBodySchema, type PartnerMember } from '@ooh/shared';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { loadQueries } from '../../../lib/loader-queries';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import {
  partnerMembersQuery,
  useInviteMember,
  usePartnerMembers,
  useRemoveMember,
  useRevokeInvitation,
} from './api/members';

export const meta = partnerMeta('Members');

/**
 * Rendered on the server with the team (components/room-outlet.tsx). Only admins see it: another role's
 * 403 is left out, as the screen does not ask for it.
 */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [partnerMembersQuery()]);
export const shouldRevalidate = roomShouldRevalidate;

/** What each role may do, in the words of docs/product-rules.md section 7 (decision 046). */
export const ROLE_TEXT: Record<MemberRole, { label: string; can: string }> = {
  admin: { label: 'Admin', can: 'Everything, including members, bank details, statements and payouts' },
  manager: { label: 'Manager', can: 'Sites, blocked dates, bookings, artwork, proofs and statements' },
  field: {
    label: 'Field',
    can: 'Reads sites and bookings, downloads print files and job sheets, posts proofs',
  },
};

function MemberRow({
  member,
  busy,
  onRemove,
  onRevoke,
}: {
  member: PartnerMember;
  busy: boolean;
  onRemove: (m: PartnerMember) => void;
  onRevoke: (m: PartnerMember) => void;
}) {
  const name = member.name || member.phone_number;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {member.is_you ? ' (you)' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {member.name ? `${member.phone_number} · ` : ''}
          {ROLE_TEXT[member.role].can}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip
          size="small"
          label={ROLE_TEXT[member.role].label}
          color={member.role === 'admin' ? 'primary' : 'default'}
        />
        {member.state === 'invited' ? <Chip size="small" variant="outlined" label="Invited" /> : null}
        {member.state === 'member' && member.user_id !== null ? (
          <Button
            size="small"
            color="error"
            disabled={busy}
            onClick={() => onRemove(member)}
            aria-label={`Remove ${name} from the team`}
          >
            Remove
          </Button>
        ) : null}
        {member.state === 'invited' && member.invitation_id !== null ? (
          <Button
            size="small"
            color="error"
            disabled={busy}
            onClick={() => onRevoke(member)}
            aria-label={`Revoke the invitation of ${member.phone_number}`}
          >
            Revoke
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * /partner/members (docs/product-rules.md section 7, decision 046): an admin invites people by mobile number with a role
 * (they join when they sign in with it) and removes them; never the last admin. Other roles see what
 * their role allows and who to ask.
 */
export default function MembersPage() {
  const owner = usePartnerOwner();
  const isAdmin = owner.role === 'admin';
  const members = usePartnerMembers(isAdmin);
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<MemberRole>('field');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  // A typed number not yet invited is asked about before leaving.
  useUnsavedChanges(phone.trim() !== '' && !invite.isPending);
  const errorText = (err: unknown) =>
    err instanceof ApiError ? err.message : 'That did not work; please try again.';

  if (!isAdmin) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          Members
        </Typography>
        <Alert severity="info">
          You are {owner.role === 'manager' ? 'a manager' : 'a field member'} of {owner.company_name}:{' '}
          {ROLE_TEXT[owner.role].can.toLowerCase()}. Only an admin adds or removes members.
        </Alert>
      </Stack>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const parsed = memberInviteBodySchema.safeParse({ phone_number: phone, role });
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? 'Check the number');
      return;
    }
    setPhoneError(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setMessage({
          severity: 'success',
          text: `Invited ${parsed.data.phone_number} as ${ROLE_TEXT[role].label.toLowerCase()}. They join when they sign in with that number.`,
        });
        setPhone('');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.phone_number) setPhoneError(err.message);
        else setMessage({ severity: 'error', text: errorText(err) });
      },
    });
  };
  const onRemove = (m: PartnerMember) => {
    if (m.user_id === null) return;
    if (!window.confirm(`Remove ${m.name || m.phone_number} from ${owner.company_name}?`)) return;
    setMessage(null);
    remove.mutate(m.user_id, {
      onSuccess: () => setMessage({ severity: 'success', text: `${m.name || m.phone_number} was removed.` }),
      onError: (err) => setMessage({ severity: 'error', text: errorText(err) }),
    });
  };

  const onRevoke = (m: PartnerMember) => {
    if (m.invitation_id === null) return;
    if (!window.confirm(`Revoke the invitation of ${m.phone_number}? They will not join when they sign in.`))
      return;
    setMessage(null);
    revoke.mutate(m.invitation_id, {
      onSuccess: () =>
        setMessage({ severity: 'success', text: `The invitation of ${m.phone_number} was revoked.` }),
      onError: (err) => setMessage({ severity: 'error', text: errorText(err) }),
    });
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Members
        </Typography>
        <Typography color="text.secondary">
          Who works in this console for {owner.company_name}, and what each may do.
        </Typography>
      </Box>
      {message ? (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
      <Card component="section" aria-labelledby="invite-title">
        <CardContent>
          <Typography id="invite-title" variant="h6" component="h2" gutterBottom>
            Invite a member
          </Typography>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextInput
                label="Mobile number"
                type="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                error={Boolean(phoneError)}
                helperText={phoneError ?? '10 digits; they sign in with it'}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 14 } }}
                sx={{ flex: 1 }}
              />
              <ChoiceField
                label="Role"
                value={role}
                onChange={(v) => setRole(v as MemberRole)}
                choices={MEMBER_ROLES.map((r) => ({ value: r, label: ROLE_TEXT[r].label }))}
                helperText={ROLE_TEXT[role].can}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ mt: { sm: 1 } }}>
                {invite.isPending ? 'Inviting…' : 'Invite'}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="team-title">
        <CardContent>
          <Typography id="team-title" variant="h6" component="h2">
            Team
          </Typography>
          {members.isPending ? <LinearProgress aria-label="Loading members" sx={{ my: 2 }} /> : null}
          {members.isError ? (
            <LoadError onRetry={() => void members.refetch()}>We could not load your team.</LoadError>
          ) : null}
          {members.data ? (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Members and invitations">
              {members.data.data.map((m) => (
                <MemberRow
                  key={`${m.state}-${m.user_id ?? m.phone_number}`}
                  member={m}
                  busy={remove.isPending || revoke.isPending}
                  onRemove={onRemove}
                  onRevoke={onRevoke}
                />
              ))}
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
