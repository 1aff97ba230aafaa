import { BookmarkAdd } from '@mui/icons-material';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { signInPath } from '../../lib/auth/redirect-target';
import type { LineHoldState } from '../../lib/holds/hold-state';
import { heldForText, holdUntilText } from '../../lib/holds/hold-words';
import { createHold, HOLDS_KEY, releaseHold, renewHold } from '../../lib/holds/holds-api';
import { useNotify } from '../notify';
import type { HoldForClient } from './hold-for-client';
import { HoldForm } from './hold-form';

export interface PlaceHoldProps {
  product: { id: number; name: string };
  from: string | null;
  to: string | null;
  state: LineHoldState | null;
  /** The availability check said the dates are taken (booked, blocked or held): no Hold then. */
  unavailable: boolean;
  /** "Hold for" chosen on the campaign's lines (decision 092); absent: the buyer's own. */
  holdFor?: Pick<HoldForClient, 'client' | 'fields'>;
}

/**
 * A campaign's or the cart's line hold (decision 082): "Held by you until ..." with Renew (once) and Release,
 * "On hold for someone else until ...", or Hold these dates when free. Each button is a form to the page's
 * action (hold-form.tsx), so on a page the server rendered it works before the scripts run; once they run
 * it calls the API from the browser. A control is disabled only while its own request runs.
 */
export function PlaceHold({ product, from, to, state, unavailable, holdFor }: PlaceHoldProps) {
  const { isAuthenticated } = useAuth();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const here = location.pathname;
  if (!state || !from || !to) return null;

  const run = async (key: string, send: () => Promise<string>) => {
    if (!isAuthenticated) {
      navigate(signInPath(location.pathname + location.search));
      return;
    }
    setBusy(key);
    try {
      notify(await send(), 'success');
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
    } finally {
      setBusy(null);
      // The availability check counts every hold, the buyer's own too: asked again, it follows the change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: HOLDS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]);
    }
  };

  if (state.kind === 'other') {
    return (
      <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="line-hold">
        On hold for someone else until {holdUntilText(state.hold)}.
      </Alert>
    );
  }
  if (state.kind === 'mine') {
    const { hold } = state;
    const fields = { hold_id: hold.id, product_name: product.name };
    return (
      <Alert severity="success" sx={{ mt: 1.5 }} data-testid="line-hold" icon={false}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          Held by you{hold.client_name ? ` for ${hold.client_name}` : ''} until {holdUntilText(hold)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          {hold.renewable ? (
            <HoldForm
              action={here}
              fields={fields}
              onSend={() =>
                void run(`renew-${hold.id}`, async () => {
                  await renewHold(hold.id);
                  return `${product.name}: hold renewed.`;
                })
              }
            >
              <Button
                type="submit"
                name="intent"
                value="renew"
                variant="outlined"
                size="small"
                aria-label={`Renew the hold of ${product.name}`}
                loading={busy === `renew-${hold.id}`}
              >
                Renew
              </Button>
            </HoldForm>
          ) : null}
          <HoldForm
            action={here}
            fields={fields}
            onSend={() =>
              void run(`release-${hold.id}`, async () => {
                await releaseHold(hold.id);
                return `${product.name}: the dates are released.`;
              })
            }
          >
            <Button
              type="submit"
              name="intent"
              value="release"
              variant="outlined"
              color="error"
              size="small"
              aria-label={`Release the hold of ${product.name}`}
              loading={busy === `release-${hold.id}`}
            >
              Release
            </Button>
          </HoldForm>
        </Stack>
      </Alert>
    );
  }
  if (unavailable) return null;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <HoldForm
        action={here}
        fields={{
          product_id: product.id,
          product_name: product.name,
          from_date: from,
          to_date: to,
          ...holdFor?.fields,
        }}
        onSend={() =>
          void run('hold', async () => {
            const made = await createHold({
              product_id: product.id,
              from_date: from,
              to_date: to,
              ...holdFor?.fields,
            });
            return `${product.name} is held ${heldForText(holdFor?.client?.name)} until ${holdUntilText({ until: made.expires_at })}. Find it in My Orders, Holds.`;
          })
        }
      >
        <Button
          type="submit"
          name="intent"
          value="hold"
          variant="outlined"
          size="small"
          startIcon={<BookmarkAdd />}
          aria-label={`Hold these dates of ${product.name}`}
          loading={busy === 'hold'}
        >
          Hold these dates
        </Button>
      </HoldForm>
      <Typography variant="body2" color="text.secondary">
        Free of charge for a few days, renewable once.
      </Typography>
    </Stack>
  );
}
