import { Alert, Button, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import type { MediaOwner, OpsMediaOwner, OwnerDuplicate } from '@ooh/shared';
import { useState } from 'react';
import { DetailList } from '../../components/detail-list';
import { RejectDialog } from '../../components/reject-dialog';
import { ReviewDialogActions } from '../../components/review-dialog-actions';
import { StatusChip } from '../../components/status-chip';
import { formatInstant } from '../../lib/format';
import { errorText } from '../../lib/ops-api';
import { useDecideMediaOwner, useSuspendMediaOwner } from './api/media-owners';
import { EditOwnerDialog } from './edit-owner-dialog';

const TONE = { pending: 'warning', approved: 'success', rejected: 'error', suspended: 'error' } as const;

const FIELD_WORDS: Record<OwnerDuplicate['field'], string> = {
  gstin: 'GSTIN',
  pan: 'PAN',
  bank_account: 'bank account',
};

const duplicateWords = (duplicates: OwnerDuplicate[]) =>
  duplicates
    .map((d) => `same ${FIELD_WORDS[d.field]} as ${d.company_name} (#${d.media_owner_id}, ${d.status})`)
    .join('; ');

export function OwnerStatusChip({ status }: { status: MediaOwner['status'] }) {
  return <StatusChip status={status} tone={TONE[status]} />;
}

/** One application in full (the bank account masked, as the API answers it), with the decision buttons. */
export function MediaOwnerDialog({ owner, onClose }: { owner: OpsMediaOwner | null; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const decide = useDecideMediaOwner();
  const suspension = useSuspendMediaOwner();
  const [rejecting, setRejecting] = useState(false);
  const [approvingDuplicate, setApprovingDuplicate] = useState(false);
  const [suspending, setSuspending] = useState<'suspend' | 'reinstate' | null>(null);
  const [editing, setEditing] = useState(false);
  const close = () => {
    decide.reset();
    suspension.reset();
    setRejecting(false);
    setApprovingDuplicate(false);
    setSuspending(null);
    onClose();
  };
  if (!owner) return null;
  const address = [owner.address_line_1, owner.address_line_2, `${owner.city}, ${owner.state} ${owner.pin}`]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <Dialog
        open={!rejecting && !approvingDuplicate && !suspending && !editing}
        onClose={close}
        fullWidth
        maxWidth="sm"
        fullScreen={phone}
        aria-labelledby="owner-title"
      >
        <DialogTitle id="owner-title">{owner.company_name}</DialogTitle>
        {/* Focusable: a long application scrolls, and a keyboard user must be able to scroll it (axe scrollable-region-focusable). */}
        <DialogContent tabIndex={0} role="region" aria-label={`Application of ${owner.company_name}`}>
          {decide.isError && !rejecting && !approvingDuplicate && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(decide.error)}
            </Alert>
          )}
          {decide.isSuccess && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {decide.data.data.status === 'approved' ? 'Approved.' : 'Rejected.'} The audit log has the
              entry.
            </Alert>
          )}
          {suspension.isSuccess && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {suspension.data.data.status === 'suspended'
                ? 'Suspended: its sites left the catalogue; paid bookings go on.'
                : 'Reinstated: its sites are back as they were.'}
            </Alert>
          )}
          {owner.duplicates.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} role="status">
              Possible duplicate: {duplicateWords(owner.duplicates)}.
            </Alert>
          )}
          <DetailList
            items={[
              [
                'Status',
                <OwnerStatusChip
                  key="s"
                  status={suspension.data?.data.status ?? decide.data?.data.status ?? owner.status}
                />,
              ],
              ...(owner.suspension_reason
                ? ([['Suspended because', owner.suspension_reason]] as Array<[string, string]>)
                : []),
              ...(owner.rejection_reason
                ? ([['Reason', owner.rejection_reason]] as Array<[string, string]>)
                : []),
              ['GSTIN', owner.gstin],
              ['PAN', owner.pan],
              ['Address', address],
              ['Contact', owner.contact_name],
              ['Phone', owner.contact_phone],
              ['Email', owner.contact_email],
              ['IFSC', owner.ifsc],
              ['Bank account', owner.bank_account_masked],
              ['Applied', formatInstant(owner.created_at)],
            ]}
          />
        </DialogContent>
        <ReviewDialogActions>
          <Button onClick={close}>Close</Button>
          {owner.status !== 'rejected' && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit details…
            </Button>
          )}
          {(owner.status === 'approved' || owner.status === 'suspended') && !suspension.isSuccess && (
            <Button
              color={owner.status === 'approved' ? 'error' : 'primary'}
              variant="outlined"
              disabled={suspension.isPending}
              onClick={() => setSuspending(owner.status === 'approved' ? 'suspend' : 'reinstate')}
            >
              {owner.status === 'approved' ? 'Suspend…' : 'Reinstate…'}
            </Button>
          )}
          {owner.status === 'pending' && !decide.isSuccess && (
            <>
              <Button
                color="error"
                variant="outlined"
                onClick={() => setRejecting(true)}
                disabled={decide.isPending}
              >
                Reject…
              </Button>
              <Button
                variant="contained"
                loading={decide.isPending}
                onClick={() =>
                  owner.duplicates.length > 0
                    ? setApprovingDuplicate(true)
                    : decide.mutate({ id: owner.id, decision: 'approve' })
                }
              >
                {owner.duplicates.length > 0 ? 'Approve…' : 'Approve'}
              </Button>
            </>
          )}
        </ReviewDialogActions>
      </Dialog>
      <EditOwnerDialog
        key={owner.id}
        owner={owner}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          close();
        }}
      />
      <RejectDialog
        open={suspending !== null}
        title={`${suspending === 'suspend' ? 'Suspend' : 'Reinstate'} ${owner.company_name}`}
        action={suspending === 'suspend' ? 'Suspend' : 'Reinstate'}
        helper={
          suspending === 'suspend'
            ? 'Its admins read this reason; its sites leave the catalogue, paid bookings go on.'
            : 'Recorded in the audit log; its sites return to the status they had.'
        }
        pending={suspension.isPending}
        error={suspension.isError ? errorText(suspension.error) : null}
        onClose={() => {
          suspension.reset();
          setSuspending(null);
        }}
        onReject={(body) =>
          suspending &&
          suspension.mutate(
            { id: owner.id, action: suspending, body },
            { onSuccess: () => setSuspending(null) },
          )
        }
      />
      <RejectDialog
        open={approvingDuplicate}
        title={`Approve ${owner.company_name}`}
        action="Approve"
        destructive={false}
        warning={`Possible duplicate: ${duplicateWords(owner.duplicates)}. Approve only if you checked it is a different business.`}
        helper="Why you approve it despite the match: recorded in the audit log."
        pending={decide.isPending}
        error={decide.isError ? errorText(decide.error) : null}
        onClose={() => {
          decide.reset();
          setApprovingDuplicate(false);
        }}
        onReject={(body) =>
          decide.mutate(
            { id: owner.id, decision: 'approve', body },
            { onSuccess: () => setApprovingDuplicate(false) },
          )
        }
      />
      <RejectDialog
        open={rejecting}
        title={`Reject ${owner.company_name}`}
        pending={decide.isPending}
        error={decide.isError ? errorText(decide.error) : null}
        onClose={() => {
          decide.reset();
          setRejecting(false);
        }}
        onReject={(body) =>
          decide.mutate({ id: owner.id, decision: 'reject', body }, { onSuccess: () => setRejecting(false) })
        }
      />
    </>
  );
}
