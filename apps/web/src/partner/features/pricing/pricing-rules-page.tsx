import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import type { PricingRule } from '@ooh/shared';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { roomClientLoader } from '../../../components/room-outlet';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { loadQueries } from '../../../lib/loader-queries';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import {
  pricingRulesQuery,
  useCreatePricingRule,
  useDeletePricingRule,
  usePricingRules,
} from './api/pricing-rules';
import { EMPTY_RULE, type RuleFormValues, ruleBodyOf, ruleText } from './rule-form';

export const meta = partnerMeta('Pricing rules');

/** Rendered on the server with the rules (components/room-outlet.tsx); field members are not asked. */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [pricingRulesQuery()]);
export const clientLoader = roomClientLoader;

/**
 * /partner/pricing (DESIGN section 20, decision 081): an owner's seasonal rules (a percentage on the days a
 * range covers; overlapping rules multiply) and volume discounts (N or more sites, or an order value),
 * listed, added and deleted over /api/partner/pricing-rules. Orders already placed keep their prices.
 */
export default function PricingRulesPage() {
  const owner = usePartnerOwner();
  const allowed = owner.role === 'admin' || owner.role === 'manager';
  const rules = usePricingRules(allowed);
  const create = useCreatePricingRule();
  const remove = useDeletePricingRule();
  const [values, setValues] = useState<RuleFormValues>(EMPTY_RULE);
  const [errors, setErrors] = useState<Partial<Record<keyof RuleFormValues, string>>>({});
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const set = (patch: Partial<RuleFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const errorText = (err: unknown) =>
    err instanceof ApiError ? err.message : 'That did not work; please try again.';

  if (!allowed) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          Pricing rules
        </Typography>
        <Alert severity="info">
          Only an admin or a manager of {owner.company_name} manages pricing rules.
        </Alert>
      </Stack>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const result = ruleBodyOf(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.body, {
      onSuccess: (rule) => {
        setMessage({ severity: 'success', text: `Added ${rule.name}: ${ruleText(rule)}.` });
        setValues({ ...EMPTY_RULE, kind: values.kind });
      },
      onError: (err) => setMessage({ severity: 'error', text: errorText(err) }),
    });
  };
  const onDelete = (rule: PricingRule) => {
    if (!window.confirm(`Delete ${rule.name}? Orders already placed keep their prices.`)) return;
    setMessage(null);
    remove.mutate(rule.id, {
      onSuccess: () => setMessage({ severity: 'success', text: `${rule.name} was deleted.` }),
      onError: (err) => setMessage({ severity: 'error', text: errorText(err) }),
    });
  };
  const seasonal = values.kind === 'seasonal';
  const list = rules.data?.results ?? [];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Pricing rules
        </Typography>
        <Typography color="text.secondary">
          Seasons raise or lower your rate card on the days they cover (overlapping ones multiply); a volume
          discount takes a percentage off an order of your sites. Orders already placed keep their prices.
        </Typography>
      </Box>
      {message ? (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
      <Card component="section" aria-labelledby="add-rule-title">
        <CardContent>
          <Typography id="add-rule-title" variant="h6" component="h2" gutterBottom>
            Add a rule
          </Typography>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <ChoiceField
                  label="Kind"
                  value={values.kind}
                  onChange={(kind) => set({ kind: kind as RuleFormValues['kind'] })}
                  choices={[
                    { value: 'seasonal', label: 'Season (dates)' },
                    { value: 'volume', label: 'Volume discount' },
                  ]}
                  sx={{ flex: 1 }}
                />
                <TextInput
                  label="Name"
                  value={values.name}
                  onChange={(e) => set({ name: e.target.value })}
                  error={Boolean(errors.name)}
                  helperText={errors.name ?? (seasonal ? 'Diwali, Wedding season' : 'Five or more sites')}
                  slotProps={{ htmlInput: { maxLength: 80 } }}
                  sx={{ flex: 2 }}
                />
                <TextInput
                  label={seasonal ? 'Percent (+ up, - down)' : 'Discount (percent)'}
                  value={values.percent}
                  onChange={(e) => set({ percent: e.target.value })}
                  error={Boolean(errors.percent)}
                  helperText={errors.percent ?? (seasonal ? '20 or -12.5' : '10 for 10 % off')}
                  slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
                  sx={{ flex: 1 }}
                />
              </Stack>
              {seasonal ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput
                    label="First day"
                    type="date"
                    value={values.first_day}
                    onChange={(e) => set({ first_day: e.target.value })}
                    error={Boolean(errors.first_day)}
                    helperText={errors.first_day ?? ' '}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ flex: 1 }}
                  />
                  <TextInput
                    label="Last day"
                    type="date"
                    value={values.last_day}
                    onChange={(e) => set({ last_day: e.target.value })}
                    error={Boolean(errors.last_day)}
                    helperText={errors.last_day ?? 'The rule covers this day too'}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ flex: 1 }}
                  />
                </Stack>
              ) : (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <ChoiceField
                    label="Met by"
                    value={values.threshold}
                    onChange={(threshold) => set({ threshold: threshold as RuleFormValues['threshold'] })}
                    choices={[
                      { value: 'sites', label: 'A number of your sites in one order' },
                      { value: 'value', label: 'An order value above (rupees, before GST)' },
                    ]}
                    sx={{ flex: 2 }}
                  />
                  <TextInput
                    label={values.threshold === 'sites' ? 'Sites (or more)' : 'Rupees (more than)'}
                    value={values.minimum}
                    onChange={(e) => set({ minimum: e.target.value })}
                    error={Boolean(errors.minimum)}
                    helperText={errors.minimum ?? ' '}
                    slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
                    sx={{ flex: 1 }}
                  />
                </Stack>
              )}
              <Box>
                <Button type="submit" variant="contained" disabled={create.isPending}>
                  {create.isPending ? 'Adding…' : 'Add rule'}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="rules-title">
        <CardContent>
          <Typography id="rules-title" variant="h6" component="h2">
            Your rules
          </Typography>
          {rules.isPending ? <LinearProgress aria-label="Loading pricing rules" sx={{ my: 2 }} /> : null}
          {rules.isError ? (
            <LoadError onRetry={() => void rules.refetch()}>We could not load your pricing rules.</LoadError>
          ) : null}
          {rules.data && list.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              No rules yet: every site is priced by its rate card alone.
            </Typography>
          ) : null}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {list.map((rule) => (
              <Box
                component="li"
                key={rule.id}
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
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{rule.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {ruleText(rule)}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => onDelete(rule)}
                  aria-label={`Delete ${rule.name}`}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  Delete
                </Button>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
