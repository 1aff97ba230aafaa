import { ContentCopyOutlined, LinkOffOutlined } from '@mui/icons-material';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { PlanShareCreated } from '@ooh/shared';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { TextInput } from '../text-input';
import { type PlanSource, resolveSource } from './plan-source';
import { formatLinkExpiry } from './share-expiry';

/**
 * Creates a read-only link to the plan (30 days), copies it, and revokes it. The link shows sites, dates
 * and prices only: nothing about the buyer.
 */
export default function SharePlanDialog({
  source,
  open,
  onClose,
}: {
  source: PlanSource;
  open: boolean;
  onClose: () => void;
}) {
  const [share, setShare] = useState<PlanShareCreated | null>(null);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const link = share ? `${window.location.origin}${share.url}` : '';

  const create = async () => {
    setBusy('create');
    setError(null);
    try {
      const resolved = await resolveSource(source);
      const body =
        'orderId' in resolved ? { order_id: resolved.orderId } : { campaign_id: resolved.campaignId };
      setShare(await apiRequest<PlanShareCreated>('/plans/share', { method: 'POST', body }));
      setRevoked(false);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const revoke = async () => {
    if (!share) return;
    setBusy('revoke');
    setError(null);
    try {
      await apiRequest(`/plans/share/${share.token}`, { method: 'DELETE' });
      setRevoked(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('Copying is blocked in this browser: select the link and copy it yourself.');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-plan-title">
      <DialogTitle id="share-plan-title">Share plan</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Anyone with the link can see this plan&apos;s sites, dates and prices, without an account. Your
            name and contact details are never shown. The link works for 30 days unless you revoke it.
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {share && !revoked && (
            <>
              <TextInput
                label="Link to the plan"
                value={link}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-link' } }}
                onFocus={(e) => e.target.select()}
                fullWidth
              />
              <Typography variant="body2" data-testid="share-expiry">
                Expires on {formatLinkExpiry(share.expires_at)}.
              </Typography>
              {copied && <Alert severity="success">Link copied.</Alert>}
            </>
          )}
          {revoked && <Alert severity="info">The link is revoked: it no longer opens the plan.</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {share && !revoked ? (
          <>
            <Button
              color="error"
              startIcon={<LinkOffOutlined />}
              loading={busy === 'revoke'}
              disabled={busy !== null}
              onClick={() => void revoke()}
            >
              Revoke link
            </Button>
            <Button startIcon={<ContentCopyOutlined />} variant="contained" onClick={() => void copy()}>
              Copy link
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            loading={busy === 'create'}
            disabled={busy !== null}
            onClick={() => void create()}
          >
            {revoked ? 'Create a new link' : 'Create link'}
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
