import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { MediaOwner } from '@ooh/shared';
import { useState } from 'react';
import { DetailList } from '../../components/detail-list';
import { RejectDialog } from '../../components/reject-dialog';
import { StatusChip } from '../../components/status-chip';
import { formatInstant } from '../../lib/format';
import { errorText } from '../../lib/ops-api';
import { useDecideMediaOwner } from './api/media-owners';

const TONE = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

export function OwnerStatusChip({ status }: { status: MediaOwner['status'] }) {
  return <StatusChip status={status} tone={TONE[status]} />;
}

/** One application in full (the bank account masked, as the API answers it), with the decision buttons. */
export function MediaOwnerDialog({ owner, onClose }: { owner: MediaOwner | null; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const decide = useDecideMediaOwner();
  const [rejecting, setRejecting] = useState(false);
  const close = () => {
    decide.reset();
    setRejecting(false);
    onClose();
  };
  if (!owner) return null;
  const address = [owner.address_line_1, owner.address_line_2, `${owner.city}, ${owner.state} ${owner.pin}`]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <Dialog
        open={!rejecting}
        onClose={close}
        fullWidth
        maxWidth="sm"
        fullScreen={phone}
        aria-labelledby="owner-title"
      >
        <DialogTitle id="owner-title">{owner.company_name}</DialogTitle>
        <DialogContent>
          {decide.isError && !rejecting && (
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
          <DetailList
            items={[
              ['Status', <OwnerStatusChip key="s" status={decide.data?.data.status ?? owner.status} />],
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
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>Close</Button>
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
                onClick={() => decide.mutate({ id: owner.id, decision: 'approve' })}
              >
                Approve
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
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
