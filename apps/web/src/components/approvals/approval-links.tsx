import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { type Approval, type ApprovalCreated, type ApprovalState, formatDateTimeIst } from '@ooh/shared';
import { type ReactNode, useState } from 'react';
import { TextInput } from '../text-input';

/*
 * An agency's approval links (decision 092), the same on a saved campaign's Client approval and on a client
 * brief's proposal: the new link shown once to copy, and the links asked with their states.
 */

const STATE_CHIPS: Record<ApprovalState, { label: string; color: 'info' | 'success' | 'error' | 'default' }> =
  {
    pending: { label: 'Waiting', color: 'info' },
    approved: { label: 'Approved', color: 'success' },
    rejected: { label: 'Rejected', color: 'error' },
    expired: { label: 'Expired', color: 'default' },
    revoked: { label: 'Withdrawn', color: 'default' },
  };

/** The link just made: its token is answered only once, so it is shown to copy now. */
export function NewApprovalLink({
  created,
  href,
}: {
  created: Pick<ApprovalCreated, 'client_name' | 'url' | 'expires_at'>;
  /** The link in full, when the server drew the page (a native form's answer); else from this window. */
  href?: string;
}) {
  const link = href ?? `${window.location.origin}${created.url}`;
  const [copied, setCopied] = useState<'yes' | 'blocked' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('blocked');
    }
  };
  return (
    <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Send this link to {created.client_name}&apos;s approver. It is shown only now: copy it before you
        leave this page (a new link replaces it). It works until {formatDateTimeIst(created.expires_at)}.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextInput
          label="Approval link"
          value={link}
          size="small"
          fullWidth
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'approval-link' } }}
        />
        <Button variant="outlined" onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          Copy link
        </Button>
      </Stack>
      {copied ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {copied === 'yes'
            ? 'Link copied.'
            : 'Copying is blocked in this browser: select the link and copy it.'}
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * The links asked, newest first, each with its state, who decided and when, and the approver's comment;
 * `withdraw` draws the page's own form to withdraw a link still waiting.
 */
export function ApprovalLinkList({
  heading,
  approvals,
  withdraw,
}: {
  heading: string;
  approvals: Approval[];
  withdraw: (approval: Approval) => ReactNode;
}) {
  if (approvals.length === 0) return null;
  return (
    <Box sx={{ mt: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {approvals.map((a) => {
          const chip = STATE_CHIPS[a.state];
          return (
            <Box
              component="li"
              key={a.id}
              data-testid={`approval-${a.id}`}
              sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.client_name}</Typography>
                <Chip size="small" color={chip.color} label={chip.label} />
                <Box sx={{ flex: 1 }} />
                {a.state === 'pending' ? withdraw(a) : null}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                Asked {formatDateTimeIst(a.created_at)}
                {a.decided_at
                  ? ` · ${a.state === 'approved' ? 'approved' : 'rejected'} by ${a.decided_by_name ?? 'the approver'} on ${formatDateTimeIst(a.decided_at)}`
                  : a.state === 'pending'
                    ? ` · until ${formatDateTimeIst(a.expires_at)}`
                    : ''}
              </Typography>
              {a.comment ? (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                  “{a.comment}”
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
