import {
  Alert,
  Box,
  Button,
  Chip,
  Container,
  Paper,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import {
  type BookedCampaign,
  type BookedCampaignsResponse,
  formatDateTimeIst,
  type SavedCampaign,
  type SavedCampaignsResponse,
} from '@ooh/shared';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useNotify } from '../../components/notify';
import { PageLoader } from '../../components/page-loader';
import { booksForClients, useCampaignClients, useMyAgency } from '../../lib/agency/agency-api';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { signInPath } from '../../lib/auth/redirect-target';
import { isDated, upsertById } from '../../lib/cart/cart-lines';
import { useLocalStore } from '../../lib/local-store';
import { campaignDataStore, cartStore, type StoredCampaign, toStoredCampaign } from '../../lib/stores';
import { useBookedCampaigns } from './api/get-booked-campaigns';
import { useSavedCampaigns } from './api/get-saved-campaigns';
import { HoldsPanel } from './components/holds-panel';
import { OrderEntryCard } from './components/order-entry-card';
import { PAY_PARAM } from './order-detail/order-format';

/** docs/product-spec.md section 8: without a token (or on a 401) My Orders sends the buyer to sign in and back. */
const SIGN_IN = signInPath('/my-orders');
const MISSING_DATES_ALERT = 'Please select the date for all products in this campaign.';

type TabId = 'saved' | 'upcoming' | 'ongoing' | 'completed' | 'holds';
type BookedKey = keyof BookedCampaignsResponse['data'];

const TABS: Array<{ id: TabId; label: string; empty: string; key?: BookedKey }> = [
  { id: 'saved', label: 'Saved Campaigns', empty: 'You have no saved campaigns yet.' },
  {
    id: 'upcoming',
    label: 'Upcoming Campaigns',
    empty: 'No upcoming campaigns. Campaigns you book appear here until they start.',
    key: 'upcoming_campaigns',
  },
  {
    id: 'ongoing',
    label: 'Ongoing Campaigns',
    empty: 'None of your campaigns is running today.',
    key: 'ongoing_campaigns',
  },
  {
    id: 'completed',
    label: 'Completed Campaigns',
    empty: 'No completed campaigns yet.',
    key: 'completed_campaigns',
  },
  // A buyer's free holds of sites' dates (decision 082): listed by HoldsPanel.
  { id: 'holds', label: 'Holds', empty: '' },
];

/**
 * The list the server rendered the page with (routes/my-orders.tsx): the saved or the booked campaigns (the
 * holds come in the loader's dehydrated cache).
 */
export interface RenderedOrders {
  saved?: SavedCampaignsResponse;
  booked?: BookedCampaignsResponse;
}

const isTab = (v: string | null): v is TabId => TABS.some((t) => t.id === v);

/** Whether `?tab=` names a tab of booked campaigns (the server renders the page with that list). */
export const isBookedTab = (v: string | null): boolean => TABS.some((t) => t.id === v && t.key);

/** The saved campaign as the cart keeps it. */
const toStored = (s: SavedCampaign): StoredCampaign => toStoredCampaign(s.campaign_details);

const sites = (n: number) => `${n} ${n === 1 ? 'site' : 'sites'}`;

/** "3 sites", or "2 of 3 sites (1 cancelled)": a cancelled site is never counted as running. */
const liveSites = (b: BookedCampaign) =>
  b.live_sites === b.items.length
    ? sites(b.items.length)
    : `${b.live_sites} of ${sites(b.items.length)} (${b.items.length - b.live_sites} cancelled)`;

/** The order's state in words, from the ledger: unpaid orders are never "Booked" nor "Paid". */
function statusOf(b: BookedCampaign): { label: string; color: 'success' | 'default' | 'warning' } {
  if (b.reserved_until)
    return {
      label: `Payment pending - reserved until ${formatDateTimeIst(b.reserved_until)} IST`,
      color: 'warning',
    };
  if (b.status === 'paid') return { label: 'Paid', color: 'success' };
  if (b.status === 'partially_refunded') return { label: 'Partly refunded', color: 'warning' };
  if (b.status === 'refunded') return { label: 'Refunded', color: 'default' };
  if (b.status === 'cancelled') return { label: 'Cancelled', color: 'default' };
  return { label: b.status.replaceAll('_', ' '), color: 'default' };
}

/** The My Orders filters (issue 19): by what happened to the money. */
const FILTERS = [
  { id: 'all', label: 'All', keep: () => true },
  {
    id: 'paid',
    label: 'Paid',
    keep: (b: BookedCampaign) => ['paid', 'partially_refunded'].includes(b.status),
  },
  {
    id: 'refunded',
    label: 'Refunded',
    keep: (b: BookedCampaign) => b.refunded > 0 || b.status === 'refunded',
  },
  {
    id: 'cancelled',
    label: 'Cancelled',
    keep: (b: BookedCampaign) => b.status === 'cancelled' || b.live_sites < b.items.length,
  },
] as const;
type FilterId = (typeof FILTERS)[number]['id'];

/**
 * /my-orders (docs/product-spec.md sections 2 and 4): Saved Campaigns (GET /saved_campaigns/) with Add to Cart and Buy Now,
 * and the booked campaigns (GET /booked_campaigns/) as Upcoming, Ongoing and Completed.
 */
export default function MyOrdersPage({ rendered }: { rendered?: RenderedOrders }) {
  const { isAuthenticated, currentUser, logout } = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { alert } = useNotify();
  const [, setCart] = useLocalStore(cartStore);
  const [added, setAdded] = useState<string | null>(null);
  const tabParam = params.get('tab');
  const tab: TabId = isTab(tabParam) ? tabParam : 'saved';
  const phone = currentUser?.phone_number;
  const saved = useSavedCampaigns(phone, isAuthenticated && tab === 'saved', rendered?.saved);
  const booked = useBookedCampaigns(phone, isAuthenticated && isBookedTab(tab), rendered?.booked);
  const query = tab === 'saved' ? saved : booked;
  // Which saved campaigns are for which agency client (decision 092), for an admin or planner only.
  const agency = useMyAgency(phone, isAuthenticated && tab === 'saved').data;
  const forClient = useCampaignClients(
    phone,
    isAuthenticated && tab === 'saved' && booksForClients(agency),
  ).data;

  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    logout();
    navigate(SIGN_IN, { replace: true });
  }, [unauthorized, logout, navigate]);

  if (!isAuthenticated) return <Navigate to={SIGN_IN} replace />;

  /** Into the cart, replacing an entry with the same id; campaignData follows so its page shows the dates. */
  const putInCart = async (entry: SavedCampaign, only: boolean): Promise<boolean> => {
    const campaign = toStored(entry);
    if (!campaign.products.length || !campaign.products.every(isDated)) {
      await alert(MISSING_DATES_ALERT);
      return false;
    }
    setCart((cart) => (only ? [campaign] : upsertById(cart, campaign)));
    if (campaignDataStore.get().some((c) => c.id === campaign.id)) {
      campaignDataStore.set((list) => upsertById(list, campaign));
    }
    return true;
  };

  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  const showParam = params.get('show');
  const filter = FILTERS.find((f) => f.id === showParam) ?? FILTERS[0];
  const setFilter = (id: FilterId) => {
    const next = new URLSearchParams(params);
    if (id === 'all') next.delete('show');
    else next.set('show', id);
    setParams(next, { replace: true });
  };
  const bookedList: BookedCampaign[] = (
    current.key && booked.data ? booked.data.data[current.key] : []
  ).filter(filter.keep);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        My Orders
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: TabId) => setParams(value === 'saved' ? {} : { tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Order lists"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.id}
            value={t.id}
            label={t.label}
            id={`orders-tab-${t.id}`}
            aria-controls="orders-panel"
          />
        ))}
      </Tabs>

      {isBookedTab(tab) ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mb: 2, flexWrap: 'wrap' }}
          role="group"
          aria-label="Show orders"
        >
          {FILTERS.map((f) => (
            <Chip
              key={f.id}
              label={f.label}
              clickable
              color={f.id === filter.id ? 'primary' : 'default'}
              variant={f.id === filter.id ? 'filled' : 'outlined'}
              aria-pressed={f.id === filter.id}
              onClick={() => setFilter(f.id)}
            />
          ))}
        </Stack>
      ) : null}
      <Box role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${tab}`}>
        {tab === 'holds' ? (
          <HoldsPanel />
        ) : query.isPending || unauthorized ? (
          <PageLoader />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()}>
            We could not load your campaigns. Please try again.
          </LoadError>
        ) : tab === 'saved' ? (
          saved.data?.data.length ? (
            <Stack spacing={2}>
              {saved.data.data.map((s) => (
                <OrderEntryCard
                  key={s.id}
                  id={`saved-${s.id}`}
                  name={s.campaign_details.name}
                  price={s.price}
                  from={s.from_date}
                  to={s.to_date}
                  meta={
                    forClient?.get(s.id)?.client_name
                      ? `${sites(s.campaign_details.products.length)} · for ${forClient.get(s.id)?.client_name}`
                      : sites(s.campaign_details.products.length)
                  }
                  actions={
                    <>
                      <Button
                        variant="outlined"
                        aria-label={`Add ${s.campaign_details.name} to cart`}
                        onClick={async () => {
                          if (await putInCart(s, false)) setAdded(s.campaign_details.name);
                        }}
                      >
                        Add to Cart
                      </Button>
                      <Button
                        variant="contained"
                        aria-label={`Buy ${s.campaign_details.name} now`}
                        onClick={async () => {
                          if (await putInCart(s, true)) navigate('/user-details');
                        }}
                      >
                        Buy Now
                      </Button>
                    </>
                  }
                />
              ))}
            </Stack>
          ) : (
            <EmptyTab text={current.empty} to="/customize" action="Build a campaign" />
          )
        ) : bookedList.length ? (
          <Stack spacing={2}>
            {bookedList.map((b) => (
              <OrderEntryCard
                key={`${b.order_id}-${b.name}`}
                id={`order-${b.order_id}-${b.items[0]?.product_id ?? 0}`}
                name={b.campaign.name}
                price={b.total}
                priceLabel={b.reserved_until ? 'To pay, incl. GST' : 'Total incl. GST'}
                refund={b.refunded > 0 ? { refunded: b.refunded, net: b.net } : null}
                from={b.from_date}
                to={b.to_date}
                meta={`Order ${b.order_id} · ${liveSites(b)}`}
                status={statusOf(b)}
                actions={
                  b.reserved_until ? (
                    <Button
                      component={RouterLink}
                      to={`/my-orders/${b.order_id}?${PAY_PARAM}=1`}
                      variant="contained"
                      aria-label={`Pay for order ${b.order_id}: ${b.campaign.name}`}
                    >
                      Pay
                    </Button>
                  ) : (
                    <Button
                      component={RouterLink}
                      to={`/my-orders/${b.order_id}`}
                      variant="outlined"
                      aria-label={`View order ${b.order_id}: ${b.campaign.name}`}
                    >
                      View order
                    </Button>
                  )
                }
              />
            ))}
          </Stack>
        ) : (
          <EmptyTab text={current.empty} to="/campaigns" action="Browse campaigns" />
        )}
      </Box>

      <Snackbar
        open={Boolean(added)}
        autoHideDuration={6000}
        onClose={(_, reason) => reason !== 'clickaway' && setAdded(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          onClose={() => setAdded(null)}
          action={
            <Button component={RouterLink} to="/cart" color="inherit" size="small">
              View cart
            </Button>
          }
        >
          {added ? `${added} is in your cart.` : ''}
        </Alert>
      </Snackbar>
    </Container>
  );
}

function EmptyTab({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to={to} variant="outlined">
        {action}
      </Button>
    </Paper>
  );
}
