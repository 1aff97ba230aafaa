import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, type LoaderFunctionArgs, useActionData, useNavigation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { TextInput } from '../../../components/text-input';
import { loadQueries } from '../../../lib/loader-queries';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import { pricingPackagesQuery, pricingRulesQuery, pricingSitesQuery } from './api/pricing-rules';
import { type PricingOutcome, pricingAction } from './pricing-action';
import { PackageForm, SeasonForm, VolumeForm } from './pricing-forms';
import { PackageList, RuleList } from './pricing-lists';

export const meta = partnerMeta('Pricing rules');

const searchOf = (url: string) => (new URL(url).searchParams.get('sites') ?? '').trim().slice(0, 200);

/** Rendered on the server with the rules, the packages and the sites to choose, so its forms work at once. */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [
    pricingRulesQuery(),
    pricingPackagesQuery(),
    pricingSitesQuery(searchOf(args.request.url)),
  ]);
export const action = pricingAction;

/**
 * /partner/pricing (DESIGN section 20, decisions 081 and 090): an owner's seasons (a percentage on the days a
 * range covers, for every site or chosen ones; overlapping ones multiply), volume discounts and packages,
 * listed, added and deleted. Plain forms with a route action, so they work before the scripts run (DESIGN 2).
 * Orders already placed keep their prices.
 */
export default function PricingRulesPage() {
  const owner = usePartnerOwner();
  const allowed = owner.role === 'admin' || owner.role === 'manager';
  const [params] = useSearchParams();
  const search = (params.get('sites') ?? '').trim().slice(0, 200);
  const rules = useQuery({ ...pricingRulesQuery(), enabled: allowed });
  const packages = useQuery({ ...pricingPackagesQuery(), enabled: allowed });
  const sites = useQuery({ ...pricingSitesQuery(search), enabled: allowed });
  const outcome = useActionData<PricingOutcome>();
  const busy = useNavigation().state === 'submitting';

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

  const siteList = sites.data?.results ?? [];
  const byId = new Map(siteList.map((s) => [s.id, s]));
  const deleted = outcome?.form.startsWith('delete-') ? outcome : undefined;
  const more = (sites.data?.count ?? 0) > siteList.length;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Pricing rules
        </Typography>
        <Typography color="text.secondary">
          Your rate cards are set per site. Here you add seasons, volume discounts and packages on top. Orders
          already placed keep their prices.
        </Typography>
      </Box>
      {deleted ? (
        <Alert severity={deleted.ok ? 'success' : 'error'} role={deleted.ok ? 'status' : 'alert'}>
          {deleted.message}
        </Alert>
      ) : null}
      {rules.isPending || sites.isPending ? <LinearProgress aria-label="Loading pricing rules" /> : null}
      {rules.isError || packages.isError || sites.isError ? (
        <LoadError
          onRetry={() => {
            void rules.refetch();
            void packages.refetch();
            void sites.refetch();
          }}
        >
          We could not load your pricing rules.
        </LoadError>
      ) : null}
      {more || search ? (
        <Form method="get" role="search" aria-label="Sites to choose from">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextInput
              name="sites"
              label="Find sites to choose"
              defaultValue={search}
              size="small"
              helperText={
                more
                  ? `Showing ${siteList.length} of ${sites.data?.count} sites; search by name or code to choose others.`
                  : `Sites matching "${search}".`
              }
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined">
              Find
            </Button>
          </Stack>
        </Form>
      ) : null}
      <SeasonForm outcome={outcome} busy={busy} sites={siteList} />
      <VolumeForm outcome={outcome} busy={busy} />
      <RuleList rules={rules.data?.results ?? []} sites={byId} busy={busy} />
      <PackageForm outcome={outcome} busy={busy} sites={siteList} />
      <PackageList packages={packages.data?.results ?? []} sites={byId} busy={busy} />
    </Stack>
  );
}
