import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { PartnerSitePage } from '@ooh/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { TextInput, type TextInputProps } from '../../../components/text-input';
import type { PricingOutcome } from './pricing-action';
import { SitePicker } from './site-picker';

type PartnerSite = PartnerSitePage['results'][number];

interface FormProps {
  outcome?: PricingOutcome;
  busy: boolean;
}

/** This form's part of the last answer: its messages and what was typed, or nothing. */
function useOwnOutcome(outcome: PricingOutcome | undefined, form: string) {
  const ref = useRef<HTMLFormElement>(null);
  const own = outcome?.form === form ? outcome : undefined;
  // Added: the form is emptied for the next one (before hydration the page itself comes back empty).
  useEffect(() => {
    if (own?.ok) ref.current?.reset();
  }, [own]);
  const value = (name: string) => {
    const v = own?.ok ? undefined : own?.values?.[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const ticked = new Set(
    [own?.ok ? [] : (own?.values?.product_id ?? [])].flat().map(Number).filter(Number.isFinite),
  );
  const error = (field: string) => own?.errors?.[field];
  return { ref, own, error, value, ticked, bound: { error, value } };
}

function FormCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Said({ own }: { own?: PricingOutcome }) {
  if (!own) return null;
  return (
    <Alert severity={own.ok ? 'success' : 'error'} role={own.ok ? 'status' : 'alert'}>
      {own.message}
    </Alert>
  );
}

interface Bound {
  error: (field: string) => string | undefined;
  value: (name: string) => string | undefined;
}

/** A field of a pricing form: what a refused submission had typed, and its message or else its hint. */
function OutcomeField({
  bound,
  name,
  field = name,
  hint,
  ...input
}: Omit<TextInputProps, 'name' | 'defaultValue' | 'error' | 'helperText'> & {
  bound: Bound;
  name: string;
  /** The form field its message is kept under, when not its name. */
  field?: string;
  hint: ReactNode;
}) {
  return (
    <TextInput
      name={name}
      defaultValue={bound.value(name)}
      error={Boolean(bound.error(field))}
      helperText={bound.error(field) ?? hint}
      {...input}
    />
  );
}

function Dates({ bound }: { bound: Bound }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <OutcomeField
        bound={bound}
        name="first_day"
        label="First day"
        type="date"
        required
        hint={' '}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1 }}
      />
      <OutcomeField
        bound={bound}
        name="last_day"
        label="Last day"
        type="date"
        required
        hint={'Covered too'}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}

/** A season: a percentage up or down on the days it covers, for every site or the ticked ones. */
export function SeasonForm({ outcome, busy, sites }: FormProps & { sites: readonly PartnerSite[] }) {
  const { ref, own, error, ticked, bound } = useOwnOutcome(outcome, 'season');
  return (
    <FormCard
      id="add-season-title"
      title="Add a season"
      intro="Raises or lowers your rate card on the days it covers; where seasons overlap they multiply."
    >
      <Form method="post" ref={ref} noValidate aria-labelledby="add-season-title">
        <input type="hidden" name="intent" value="season" />
        <Stack spacing={2}>
          <Said own={own} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <OutcomeField
              bound={bound}
              name="name"
              label="Name"
              required
              hint={'Diwali, Wedding season'}
              slotProps={{ htmlInput: { maxLength: 80 } }}
              sx={{ flex: 2 }}
            />
            <OutcomeField
              bound={bound}
              name="percent"
              label="Percent (+ up, - down)"
              required
              hint={'20 or -12.5'}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Dates bound={bound} />
          <SitePicker
            legend="Sites"
            hint="Tick the sites this season is for; none ticked: every site of yours."
            sites={sites}
            ticked={ticked}
            error={error('sites')}
            idPrefix="season"
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Add season
            </Button>
          </Box>
        </Stack>
      </Form>
    </FormCard>
  );
}

/** A volume discount: N or more of the owner's sites in one order, or an order value above X. */
export function VolumeForm({ outcome, busy }: FormProps) {
  const { ref, own, error, value, bound } = useOwnOutcome(outcome, 'volume');
  return (
    <FormCard
      id="add-volume-title"
      title="Add a volume discount"
      intro="Takes a percentage off an order of your sites: by how many, or by what they are worth. The buyer gets your best one."
    >
      <Form method="post" ref={ref} noValidate aria-labelledby="add-volume-title">
        <input type="hidden" name="intent" value="volume" />
        <Stack spacing={2}>
          <Said own={own} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <OutcomeField
              bound={bound}
              name="name"
              label="Name"
              required
              hint={'Five or more sites'}
              slotProps={{ htmlInput: { maxLength: 80 } }}
              sx={{ flex: 2 }}
            />
            <OutcomeField
              bound={bound}
              name="percent"
              label="Discount (percent)"
              required
              hint={'10 for 10 % off'}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <OutcomeField
              bound={bound}
              name="min_sites"
              field="minimum"
              label="Sites in one order (or more)"
              hint={'Either this'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              sx={{ flex: 1 }}
            />
            <TextInput
              name="min_value"
              label="Or order value above (₹)"
              defaultValue={value('min_value')}
              error={Boolean(error('minimum'))}
              helperText="Before GST; this or the sites, not both"
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Add discount
            </Button>
          </Box>
        </Stack>
      </Form>
    </FormCard>
  );
}

/** A package: two or more live sites for exactly one period at one price before GST (decision 090). */
export function PackageForm({ outcome, busy, sites }: FormProps & { sites: readonly PartnerSite[] }) {
  const { ref, own, error, ticked, bound } = useOwnOutcome(outcome, 'package');
  const live = sites.filter((s) => s.status === 'live');
  return (
    <FormCard
      id="add-package-title"
      title="Add a package"
      intro="Sells a set of your live sites for exact dates at one price. An order holding all of them for those dates gets it; no volume discount on top."
    >
      <Form method="post" ref={ref} noValidate aria-labelledby="add-package-title">
        <input type="hidden" name="intent" value="package" />
        <Stack spacing={2}>
          <Said own={own} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <OutcomeField
              bound={bound}
              name="name"
              label="Name"
              required
              hint={'Western Express Highway, Diwali week'}
              slotProps={{ htmlInput: { maxLength: 80 } }}
              sx={{ flex: 2 }}
            />
            <OutcomeField
              bound={bound}
              name="price"
              label="Price (₹, before GST)"
              required
              hint={'For all its sites and days'}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Dates bound={bound} />
          <SitePicker
            legend="Sites in the package"
            hint="Tick two or more of your live sites."
            sites={live}
            ticked={ticked}
            error={error('sites')}
            idPrefix="package"
          />
          <OutcomeField
            bound={bound}
            name="notes"
            label="Notes (optional)"
            multiline
            minRows={2}
            hint={'Kept with the package'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Add package
            </Button>
          </Box>
        </Stack>
      </Form>
    </FormCard>
  );
}
