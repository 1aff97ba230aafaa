import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { PAGE_SIZE_MAX, type PartnerSite, type SiteFields } from '@ooh/shared';
import { useMemo } from 'react';
import {
  type LoaderFunctionArgs,
  type MetaArgs,
  Link as RouterLink,
  useNavigate,
  useParams,
} from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useNotify } from '../../../components/notify';
import { PageLoader } from '../../../components/page-loader';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { ApiError } from '../../../lib/api-client';
import { loadedQueryData, loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import {
  siteQuery,
  useCreateSiteMutation,
  useSiteQuery,
  useSitesQuery,
  useUpdateSiteMutation,
} from '../../api/sites';
import { partnerTitle } from '../../lib/partner-meta';
import { siteEditRefusal } from '../../lib/site-edit-refusal';
import { usePartnerOwner } from '../../partner-context';
import type { ReferencePoint } from './location/location-map';
import { SitePhotos } from './photos/site-photos';
import { SiteForm } from './site-form';
import { changedFields, emptySiteValues, toSiteFormValues } from './site-form-values';
import { SiteStatusPanel } from './site-status-panel';

/** The site the address names: none on /partner/sites/new (or for what cannot be a site's id). */
const siteIdOf = (siteId: string | undefined) => (siteId && /^\d+$/.test(siteId) ? Number(siteId) : null);

/**
 * Rendered on the server with the site (components/room-outlet.tsx); a new site's form needs nothing. The
 * other sites are left to the browser: they are only dots on the map, which is drawn there.
 */
/** "Add a site", or the site's name (from the loader's answer: React Router hands it to meta on every move). */
export const meta = ({ params, data, matches }: MetaArgs<typeof loader>) => {
  const id = siteIdOf(params.siteId);
  if (id === null)
    return pageMeta(partnerTitle(matches, params.siteId === undefined ? 'Add a site' : 'Site'));
  const site = loadedQueryData<PartnerSite>(data, siteQuery(id).queryKey);
  return pageMeta(partnerTitle(matches, site?.name ?? 'Site'));
};

export const loader = (args: LoaderFunctionArgs) => {
  const id = siteIdOf(args.params.siteId);
  return loadQueries(args, id === null ? [] : [siteQuery(id)]);
};
export const shouldRevalidate = roomShouldRevalidate;

/** The owner's other sites with coordinates, as reference dots on the map (the first 100). */
function useReferencePoints(exceptId: number | null): ReferencePoint[] {
  const sites = useSitesQuery({ page: 1, page_size: PAGE_SIZE_MAX });
  return useMemo(
    () =>
      (sites.data?.results ?? [])
        .filter((s) => s.id !== exceptId && s.latitude !== null && s.longitude !== null)
        .map((s) => ({ id: s.id, name: s.name, latitude: s.latitude!, longitude: s.longitude! })),
    [sites.data, exceptId],
  );
}

/** /partner/sites/new and /partner/sites/:siteId: the site form; photos and status once the site exists. */
export default function SiteEditPage() {
  const { siteId } = useParams();
  const id = siteIdOf(siteId);
  if (siteId !== undefined && id === null) return <Alert severity="error">There is no such site.</Alert>;
  return id === null ? <NewSite /> : <EditSite id={id} />;
}

function Heading({ title }: { title: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Button
        component={RouterLink}
        to="/partner/sites"
        startIcon={<ArrowBack />}
        size="small"
        sx={{ mb: 1 }}
      >
        All sites
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
    </Box>
  );
}

function NewSite() {
  const refusal = siteEditRefusal(usePartnerOwner());
  if (refusal) {
    return (
      <>
        <Heading title="Add a site" />
        <Alert severity="info">{refusal}</Alert>
      </>
    );
  }
  return <NewSiteForm />;
}

function NewSiteForm() {
  const create = useCreateSiteMutation();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const others = useReferencePoints(null);
  const defaults = useMemo(emptySiteValues, []);
  const save = async (body: SiteFields) => {
    const site = await create.mutateAsync(body);
    notify('Site saved as a draft. Add photos, then submit it for review.', 'success');
    navigate(`/partner/sites/${site.id}`, { replace: true });
  };
  return (
    <>
      <Heading title="Add a site" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Save the details first; photos are added on the next step.
      </Typography>
      <SiteForm defaultValues={defaults} others={others} submitLabel="Save and add photos" onSave={save} />
    </>
  );
}

function EditSite({ id }: { id: number }) {
  const site = useSiteQuery(id);
  if (site.isPending) return <PageLoader />;
  if (site.isError) {
    if (site.error instanceof ApiError && site.error.status === 404) {
      return (
        <>
          <Heading title="Site not found" />
          <Alert severity="error">This site does not exist or is not one of yours.</Alert>
        </>
      );
    }
    return (
      <LoadError onRetry={() => void site.refetch()}>We could not load the site. Please try again.</LoadError>
    );
  }
  return <EditSiteLoaded site={site.data} />;
}

function EditSiteLoaded({ site }: { site: PartnerSite }) {
  const update = useUpdateSiteMutation(site.id);
  const { notify } = useNotify();
  const others = useReferencePoints(site.id);
  const refusal = siteEditRefusal(usePartnerOwner());
  const reviewed = site.status === 'live' || site.status === 'paused';
  const save = async (body: SiteFields, dirty: Parameters<typeof changedFields>[1]) => {
    const patch = changedFields(body, dirty);
    if (Object.keys(patch).length === 0) {
      notify('Nothing has changed.', 'info');
      return;
    }
    const saved = await update.mutateAsync(patch);
    notify(
      saved.pending_changes ? 'Saved. Name and location changes are shown after our review.' : 'Saved.',
      'success',
    );
  };
  return (
    <>
      <Heading title={site.name} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Site code {site.product_id}
      </Typography>
      <Stack spacing={3}>
        <SiteStatusPanel site={site} readOnly={refusal !== undefined} />
        <SitePhotos site={site} readOnly={refusal !== undefined} />
        <SiteForm
          // A save answers the stored site: the form starts again from it (and no longer counts as changed).
          key={site.updated_at}
          defaultValues={toSiteFormValues(site)}
          others={others}
          submitLabel="Save changes"
          note={reviewed ? 'Changes of name or location are reviewed before buyers see them.' : undefined}
          onSave={save}
          readOnly={refusal}
        />
      </Stack>
    </>
  );
}
