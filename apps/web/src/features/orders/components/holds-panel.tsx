import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { formatBookingPeriod, formatDateTimeIst, type Hold, type HoldStatus } from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useActionData } from 'react-router';
import { HoldForm } from '../../../components/holds/hold-form';
import { LoadError } from '../../../components/load-error';
import { useNotify } from '../../../components/notify';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import type { HoldOutcome } from '../../../lib/holds/hold-action';
import { HOLDS_KEY, releaseHold, renewHold, useHolds } from '../../../lib/holds/holds-api';

const STATUS: Record<HoldStatus, { label: string; color: 'success' | 'warning' | 'default' }> = {
  active: { label: 'Held', color: 'success' },
  requested: { label: 'Another buyer asked', color: 'warning' },
  released: { label: 'Released', color: 'default' },
  expired: { label: 'Ended', color: 'default' },
  booked: { label: 'Booked', color: 'success' },
};

/** My Orders' action takes the holds' forms (components/holds/hold-form.tsx). */
const ACTION = '/my-orders?tab=holds';
const fieldsOf = (h: Hold) => ({ hold_id: h.id, product_name: h.product_name });

const live = (h: Hold) => h.status === 'active' || h.status === 'requested';

/**
 * My Orders, Holds (decision 082): the buyer's holds, live ones first, with Renew (once) and Release.
 * A control is disabled only while its own request runs. Each button is a real form (HoldForm), so it works
 * before the scripts run and with them off.
 */
export function HoldsPanel() {
  const holds = useHolds(true);
  // A Renew or Release sent before the scripts ran (or with them off): the route action's outcome.
  const sentNatively = useActionData<HoldOutcome>();
  const queryClient = useQueryClient();
  const { notify } = useNotify();
  const [busy, setBusy] = useState<string | null>(null);

  if (holds.isPending) return <PageLoader />;
  if (holds.isError)
    return (
      <LoadError onRetry={() => void holds.refetch()}>
        We could not load your holds. Please try again.
      </LoadError>
    );
  const list = holds.data;

  const act = async (key: string, send: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await send();
      notify(done, 'success');
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: HOLDS_KEY });
    }
  };

  if (!list.results.length)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          You hold no sites. On a site's page, choose your dates and Hold them free of charge for{' '}
          {list.hold_days} days while you decide.
        </Typography>
        <Button component={RouterLink} to="/products" variant="outlined">
          Browse sites
        </Button>
      </Paper>
    );

  return (
    <Stack spacing={2}>
      {sentNatively ? (
        <Alert severity={sentNatively.ok ? 'success' : 'error'} role="status">
          {sentNatively.message}
        </Alert>
      ) : null}
      <Typography color="text.secondary" data-testid="held-sites">
        {list.held_sites} of {list.max_held_sites} sites held. A hold lasts {list.hold_days} days and can be
        renewed once.
      </Typography>
      {list.results.map((h) => (
        <Paper key={h.id} variant="outlined" sx={{ p: 2 }} data-testid={`hold-${h.id}`}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>
                <RouterLink to={`/product/${h.product_id}`}>{h.product_name}</RouterLink>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {h.site_code} · {formatBookingPeriod(h.from_date, h.to_date)}
                {h.client_name ? ` · for ${h.client_name}` : ''}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}
              >
                <Chip size="small" label={STATUS[h.status].label} color={STATUS[h.status].color} />
                {live(h) ? (
                  <Typography variant="body2">
                    {h.status === 'requested' ? 'Book or release by' : 'Held until'}{' '}
                    {formatDateTimeIst(h.expires_at)} IST
                  </Typography>
                ) : null}
              </Stack>
            </Box>
            {live(h) ? (
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                {h.renewable ? (
                  <HoldForm
                    action={ACTION}
                    fields={fieldsOf(h)}
                    onSend={() =>
                      act(`renew-${h.id}`, () => renewHold(h.id), `${h.product_name}: hold renewed.`)
                    }
                  >
                    <Button
                      type="submit"
                      name="intent"
                      value="renew"
                      variant="outlined"
                      aria-label={`Renew the hold of ${h.product_name}`}
                      loading={busy === `renew-${h.id}`}
                    >
                      Renew
                    </Button>
                  </HoldForm>
                ) : null}
                <HoldForm
                  action={ACTION}
                  fields={fieldsOf(h)}
                  onSend={() =>
                    act(
                      `release-${h.id}`,
                      () => releaseHold(h.id),
                      `${h.product_name}: the dates are released.`,
                    )
                  }
                >
                  <Button
                    type="submit"
                    name="intent"
                    value="release"
                    variant="outlined"
                    color="error"
                    aria-label={`Release the hold of ${h.product_name}`}
                    loading={busy === `release-${h.id}`}
                  >
                    Release
                  </Button>
                </HoldForm>
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
