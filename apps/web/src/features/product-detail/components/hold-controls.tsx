import { BookmarkAdd } from '@mui/icons-material';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { formatBookingPeriod, type Product } from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form, Link as RouterLink, useActionData, useLocation, useNavigate } from 'react-router';
import { HoldForClientField, useHoldForClient } from '../../../components/holds/hold-for-client';
import { useNotify } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { signInPath } from '../../../lib/auth/redirect-target';
import type { DateRangeValue } from '../../../lib/campaigns/campaign-store-ops';
import type { HoldOutcome } from '../../../lib/holds/hold-action';
import { heldForText, holdOnDates, holdUntilText, onHoldLabel } from '../../../lib/holds/hold-words';
import { askForHold, createHold, HOLDS_KEY } from '../../../lib/holds/holds-api';

const until = holdUntilText;

export { holdOnDates, onHoldLabel };

/**
 * The site's live holds as others see them ("On hold until ...", with Ask for these dates), and Hold these
 * dates: a signed-in buyer keeps the chosen dates free of charge (decision 082). Each control is disabled
 * only while its own request runs, so a double click sends one request. Hold and Ask are real forms posting to
 * the page's action (lib/holds/hold-action.ts), so they work before the scripts run and with them off; once the
 * scripts run they call the API from the browser (the form's submit prevented), as before.
 */
export function HoldControls({ product, range }: { product: Product; range: DateRangeValue }) {
  const { isAuthenticated } = useAuth();
  const { alert, notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const holds = product.holds ?? [];
  // A Hold or an Ask sent before the scripts ran (or with them off): the route action's outcome.
  const sentNatively = useActionData<HoldOutcome>();
  const here = location.pathname;
  const holdFor = useHoldForClient();

  const run = async (key: string, send: () => Promise<string>) => {
    if (!isAuthenticated) {
      navigate(signInPath(location.pathname + location.search));
      return;
    }
    setBusy(key);
    try {
      notify(await send(), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['product', product.id] }),
        queryClient.invalidateQueries({ queryKey: HOLDS_KEY }),
      ]);
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
    } finally {
      setBusy(null);
    }
  };

  const hold = async () => {
    if (!range.from_date || !range.to_date) {
      await alert('Please select the start and end dates you want to hold.');
      return;
    }
    const body = {
      product_id: product.id,
      from_date: range.from_date,
      to_date: range.to_date,
      ...holdFor.fields,
    };
    const forWhom = heldForText(holdFor.client?.name);
    await run('hold', async () => {
      const made = await createHold(body);
      return `${product.name} is held ${forWhom} until ${until({ until: made.expires_at })}. Find it in My Orders, Holds.`;
    });
  };

  return (
    <Stack spacing={1.5} data-testid="hold-controls">
      {sentNatively ? (
        <Alert severity={sentNatively.ok ? 'success' : 'error'} role="status">
          {sentNatively.message}
        </Alert>
      ) : null}
      {holds.map((h) => (
        <Alert key={h.id} severity="warning" data-testid="on-hold">
          {onHoldLabel(h)}: {formatBookingPeriod(h.from_date, h.to_date)}
          {h.requested ? (
            '. Another buyer has asked the holder for these dates.'
          ) : (
            <Box
              component={Form}
              method="post"
              action={here}
              sx={{ mt: 1 }}
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void run(`ask-${h.id}`, async () => {
                  await askForHold(h.id);
                  return 'The holder has been asked for these dates. They have 24 hours to book or release them.';
                });
              }}
            >
              <input type="hidden" name="hold_id" value={h.id} />
              <Button
                type="submit"
                name="intent"
                value="ask"
                variant="outlined"
                color="inherit"
                size="small"
                loading={busy === `ask-${h.id}`}
              >
                Ask for these dates
              </Button>
            </Box>
          )}
        </Alert>
      ))}
      <Stack
        component={Form}
        method="post"
        action={here}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void hold();
        }}
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <input type="hidden" name="product_id" value={product.id} />
        <input type="hidden" name="product_name" value={product.name} />
        <input type="hidden" name="from_date" value={range.from_date ?? ''} />
        <input type="hidden" name="to_date" value={range.to_date ?? ''} />
        {/* With scripts off the date pickers cannot open: plain date fields stand in for them. */}
        <noscript>
          <label>
            First day <input type="date" name="first_day" required />
          </label>{' '}
          <label>
            Last day <input type="date" name="last_day" required />
          </label>
        </noscript>
        <HoldForClientField choice={holdFor} id={`hold-for-${product.id}`} />
        <Button
          type="submit"
          name="intent"
          value="hold"
          variant="outlined"
          startIcon={<BookmarkAdd />}
          loading={busy === 'hold'}
        >
          Hold these dates
        </Button>
        <Typography variant="body2" color="text.secondary">
          Free of charge for a few days, renewable once.{' '}
          {isAuthenticated ? <RouterLink to="/my-orders?tab=holds">Your holds</RouterLink> : null}
        </Typography>
      </Stack>
    </Stack>
  );
}
