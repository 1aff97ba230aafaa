import { Add, PhotoCamera, PhotoLibrary, Search, UploadFile } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  InputAdornment,
  LinearProgress,
  Link,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  formatCount,
  formatRupees,
  type PartnerSite,
  SEARCH_DEBOUNCE_MS,
  SITE_STATUSES,
  type SiteStatus,
} from '@ooh/shared';
import { useEffect, useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { TextInput } from '../../../components/text-input';
import { loadQueries } from '../../../lib/loader-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlQuery, useUrlSearchInput } from '../../../lib/use-url-query';
import { type SitesListQuery, sitesListQuery, useSitesQuery } from '../../api/sites';
import { SITE_STATUS_LABELS, SiteStatusChip } from '../../components/site-status';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import { BulkActions } from './bulk-actions';
import { BulkPhotosDialog } from './bulk-photos-dialog';
import { SitesExportButton } from './sites-export-button';

const PAGE_SIZE = 20;
const isStatus = (v: string | null): v is SiteStatus =>
  (SITE_STATUSES as readonly string[]).includes(v ?? '');

/** The list the address asks for: its page, status and applied search. */
const listFor = (query: URLSearchParams): SitesListQuery => ({
  page: Math.max(1, Number(query.get('page')) || 1),
  page_size: PAGE_SIZE,
  status: isStatus(query.get('status')) ? (query.get('status') as SiteStatus) : undefined,
  search: query.get('search') || undefined,
});

export const meta = partnerMeta('Your sites');

/** Rendered on the server with the page of sites its address asks for (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [sitesListQuery(listFor(new URL(args.request.url).searchParams))]);
export const shouldRevalidate = roomShouldRevalidate;

/** /partner/sites: the owner's sites with status, search, a status filter and pages; cards on phones. */
export default function SitesPage() {
  const { query, set } = useUrlQuery({ rendered: true });
  const list = listFor(query);
  const { page, status } = list;
  const applied = list.search ?? '';
  const [input, setInput, searchRef] = useUrlSearchInput(applied);
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  // Only a settled box writes the address: after Back the debounced value still holds the old text.
  const settled = search === input.trim();
  useEffect(() => {
    if (settled && search !== applied) set({ search, page: '' });
  }, [settled, search, applied, set]);

  const sites = useSitesQuery(list);
  // Cards on the server and while hydrating (it cannot know the screen), the table right after on a wide one.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const pages = sites.data ? Math.max(1, Math.ceil(sites.data.count / PAGE_SIZE)) : 1;
  // The selection of the bulk actions (decision 046): ids on any page, kept while the owner pages and filters.
  const [selected, setSelected] = useState<number[]>([]);
  // Field members read sites; adding, importing, bulk work and exports are for admins and managers (decision 046).
  const canEdit = usePartnerOwner().role !== 'field';
  const [photosOpen, setPhotosOpen] = useState(false);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: '1 1 auto' }}>
          Your sites
        </Typography>
        {canEdit ? (
          <>
            <Button variant="outlined" startIcon={<PhotoLibrary />} onClick={() => setPhotosOpen(true)}>
              Upload photos
            </Button>
            <BulkPhotosDialog open={photosOpen} onClose={() => setPhotosOpen(false)} />
            <SitesExportButton selected={selected} status={status} search={applied} />
            <Button component={RouterLink} to="/partner/import" variant="outlined" startIcon={<UploadFile />}>
              Import CSV
            </Button>
            <Button component={RouterLink} to="/partner/sites/new" variant="contained" startIcon={<Add />}>
              Add site
            </Button>
          </>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' }, mb: 2 }}>
        <TextInput
          id="sites-search"
          label="Search by name, code or city"
          type="search"
          value={input}
          inputRef={searchRef}
          onChange={(e) => setInput(e.target.value)}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 200 },
          }}
        />
        <ChoiceField
          id="sites-status"
          label="Status"
          size="small"
          value={status ?? ''}
          onChange={(v) => set({ status: v, page: '' }, { push: true })}
          choices={[
            { value: '', label: 'All statuses' },
            ...SITE_STATUSES.map((s) => ({ value: s, label: SITE_STATUS_LABELS[s].label })),
          ]}
          sx={{ minWidth: { sm: 180 } }}
        />
      </Box>
      {sites.isFetching && sites.data ? (
        <LinearProgress aria-label="Updating the list" sx={{ mb: 1 }} />
      ) : null}
      {sites.isPending ? (
        <PageLoader />
      ) : sites.isError ? (
        <LoadError onRetry={() => void sites.refetch()}>
          We could not load your sites. Please try again.
        </LoadError>
      ) : sites.data.results.length === 0 ? (
        <EmptySites filtered={Boolean(status || applied)} canEdit={canEdit} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {formatCount(sites.data.count)} {sites.data.count === 1 ? 'site' : 'sites'}
          </Typography>
          {wide ? (
            <>
              {canEdit ? <BulkActions selected={selected} onDone={() => setSelected([])} /> : null}
              <SitesTable sites={sites.data.results} selected={selected} onSelect={setSelected} />
            </>
          ) : (
            <SiteCards sites={sites.data.results} />
          )}
          {pages > 1 ? (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_, next) => set({ page: next > 1 ? String(next) : '' }, { push: true })}
              getItemAriaLabel={(type, p) =>
                type === 'page' ? `Page ${p}` : type === 'next' ? 'Next page' : 'Previous page'
              }
            />
          ) : null}
        </>
      )}
    </>
  );
}

function EmptySites({ filtered, canEdit }: { filtered: boolean; canEdit: boolean }) {
  if (filtered) return <Alert severity="info">No sites match this search or status.</Alert>;
  if (!canEdit)
    return <Alert severity="info">Your company has no sites yet. An admin or manager adds them.</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        No sites yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Add your first site with its location, size, price and photos, or import many at once from a CSV file.
      </Typography>
      <Button component={RouterLink} to="/partner/sites/new" variant="contained" startIcon={<Add />}>
        Add site
      </Button>
    </Paper>
  );
}

const place = (s: PartnerSite) => [s.city, s.state].filter(Boolean).join(', ');

function SitesTable({
  sites,
  selected,
  onSelect,
}: {
  sites: PartnerSite[];
  selected: number[];
  onSelect(ids: number[]): void;
}) {
  const ids = sites.map((s) => s.id);
  const onPage = ids.filter((id) => selected.includes(id)).length;
  const toggle = (id: number) =>
    onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const togglePage = () =>
    onSelect(
      onPage === ids.length
        ? selected.filter((id) => !ids.includes(id))
        : [...selected, ...ids.filter((id) => !selected.includes(id))],
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Your sites">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={onPage > 0 && onPage === ids.length}
                indeterminate={onPage > 0 && onPage < ids.length}
                onChange={togglePage}
                slotProps={{ input: { 'aria-label': 'Select every site on this page' } }}
              />
            </TableCell>
            <TableCell>Site</TableCell>
            <TableCell>Code</TableCell>
            <TableCell>Place</TableCell>
            <TableCell align="right">Price a day</TableCell>
            <TableCell align="center">Photos</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((s) => (
            <TableRow key={s.id} hover selected={selected.includes(s.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(s.id)}
                  onChange={() => toggle(s.id)}
                  slotProps={{ input: { 'aria-label': `Select ${s.name} (${s.product_id})` } }}
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={`/partner/sites/${s.id}`} sx={{ fontWeight: 600 }}>
                  {s.name}
                </Link>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{s.product_id}</TableCell>
              <TableCell>{place(s)}</TableCell>
              <TableCell align="right">{formatRupees(s.price)}</TableCell>
              <TableCell align="center">{s.photos.length}</TableCell>
              <TableCell>
                <SiteStatusChip status={s.status} inReview={s.in_review} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SiteCards({ sites }: { sites: PartnerSite[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {sites.map((s) => {
        // The owner's cover photo, else what buyers see now (demo sites have catalogue images, no uploads).
        const cover =
          s.photos.filter((p) => p.status !== 'removed').sort((a, b) => a.position - b.position)[0]?.url ??
          s.images[0];
        return (
          <Card component="li" key={s.id}>
            <CardActionArea
              component={RouterLink}
              to={`/partner/sites/${s.id}`}
              sx={{ display: 'flex', alignItems: 'stretch' }}
            >
              <Box
                sx={{
                  width: 88,
                  flexShrink: 0,
                  bgcolor: 'grey.100',
                  display: 'grid',
                  placeItems: 'center',
                  color: 'text.secondary',
                }}
              >
                {cover ? (
                  <Box
                    component="img"
                    src={cover}
                    alt=""
                    sx={{ width: 88, height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <PhotoCamera aria-hidden />
                )}
              </Box>
              <CardContent sx={{ flex: 1, minWidth: 0, py: 1.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.product_id} · {place(s)}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
                  <Typography variant="body2">{formatRupees(s.price)} a day</Typography>
                  <SiteStatusChip status={s.status} inReview={s.in_review} />
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
