import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useBulkSites } from '../../api/sites';
import { BulkBlockDialog } from './bulk-block-dialog';
import { BulkRatesDialog } from './bulk-rates-dialog';

type PriceMode = 'amount' | 'percent';

/**
 * The selected sites' bulk actions (decision 046): a new price (rupees, or a percent change), the rate
 * card (weekly and four-weekly rates, minimum booking; decision 090), pause or resume. All or nothing: a refusal lists every site it could not change, by code. Buttons stay disabled
 * while a request runs, so a double click sends one.
 */
export function BulkActions({ selected, onDone }: { selected: number[]; onDone(): void }) {
  const bulk = useBulkSites();
  const [mode, setMode] = useState<PriceMode>('amount');
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [rating, setRating] = useState(false);
  const n = selected.length;
  useUnsavedChanges(value.trim() !== '' && !bulk.isPending);
  const run = (body: Parameters<typeof bulk.mutate>[0], done: string) => {
    setMessage(null);
    bulk.mutate(body, {
      onSuccess: (res) => {
        setMessage({ severity: 'success', text: `${done}: ${res.data.updated} of ${n} changed.` });
        onDone();
      },
      onError: (err) =>
        setMessage({
          severity: 'error',
          text: err instanceof ApiError ? err.message : 'That did not work; please try again.',
        }),
    });
  };
  const number = Number(value.replace(/,/g, ''));
  const priceValid =
    value.trim() !== '' && Number.isFinite(number) && (mode === 'percent' ? number !== 0 : number > 0);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Bulk actions">
      <Typography sx={{ fontWeight: 600, mb: 1 }} aria-live="polite">
        {n} {n === 1 ? 'site' : 'sites'} selected
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <ChoiceField
          size="small"
          label="Change price by"
          value={mode}
          onChange={(v) => setMode(v as PriceMode)}
          choices={[
            { value: 'amount', label: 'New price (₹ a day)' },
            { value: 'percent', label: 'Percent (+/-)' },
          ]}
          sx={{ minWidth: 170 }}
        />
        <TextInput
          size="small"
          label={mode === 'amount' ? 'Price in ₹' : 'Percent, e.g. 10 or -5'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
        />
        <Button
          variant="contained"
          disabled={bulk.isPending || n === 0 || !priceValid}
          onClick={() =>
            run(
              mode === 'amount'
                ? { action: 'price', site_ids: selected, price: number }
                : { action: 'price', site_ids: selected, percent: number },
              'Prices changed',
            )
          }
        >
          Apply price
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          disabled={bulk.isPending || n === 0}
          onClick={() => run({ action: 'pause', site_ids: selected }, 'Paused')}
        >
          Pause
        </Button>
        <Button
          variant="outlined"
          disabled={bulk.isPending || n === 0}
          onClick={() => run({ action: 'resume', site_ids: selected }, 'Resumed')}
        >
          Resume
        </Button>
        <Button variant="outlined" disabled={bulk.isPending || n === 0} onClick={() => setRating(true)}>
          Rate card…
        </Button>
        <Button variant="outlined" disabled={bulk.isPending || n === 0} onClick={() => setBlocking(true)}>
          Block dates…
        </Button>
      </Stack>
      <BulkRatesDialog
        open={rating}
        siteIds={selected}
        onApply={async (body) => (await bulk.mutateAsync(body)).data}
        onClose={() => setRating(false)}
        onApplied={(text) => {
          setMessage({ severity: 'success', text });
          onDone();
        }}
      />
      <BulkBlockDialog
        open={blocking}
        siteIds={selected}
        onClose={() => setBlocking(false)}
        onBlocked={(text) => {
          setMessage({ severity: 'success', text });
          onDone();
        }}
      />
      {message ? (
        <Alert
          severity={message.severity}
          sx={{ mt: 1.5 }}
          role={message.severity === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Alert>
      ) : null}
    </Paper>
  );
}
