import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatBookingPeriod, type OpsOrderAnswer, type OpsOrderDetail } from '@ooh/shared';
import {
  type LoaderFunctionArgs,
  type MetaArgs,
  type Params,
  Link as RouterLink,
  useParams,
} from 'react-router';
import { LoadError } from '../../../components/load-error';
import { roomClientLoader } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { PAYOUT_STATE_TONE, PAYOUT_STATE_WORDS } from '../../../lib/payouts/payout-words';
import { DetailList } from '../../components/detail-list';
import { formatInstant, humanize, rupees } from '../../lib/format';
import { isStatus } from '../../lib/ops-api';
import { orderProofsQuery } from '../../lib/order-proofs';
import { isOrderId, opsOrderQuery, useOpsOrder } from './api/ops-orders';
import { CancelLineDialog } from './cancel-line-dialog';
import { InvoiceDownload, OrderRefundsTable } from './order-ledger';
import { OrderProofs } from './order-proofs';
import { OrderStatusChip } from './order-status-chip';
import { RecordCashPayment } from './record-cash-payment';
import { RefundDialog } from './refund-dialog';

/** What the line's owner is paid for it (decision 047): the state and the amount, reversals and recoveries. */
function LinePayout({ payout }: { payout: OpsOrderAnswer['items'][number]['payout'] }) {
  if (!payout) return <>—</>;
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        variant="outlined"
        color={PAYOUT_STATE_TONE[payout.state]}
        label={PAYOUT_STATE_WORDS[payout.state]}
      />
      <Typography variant="body2">{rupees(payout.amount)}</Typography>
      {payout.reversed > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {rupees(payout.reversed)} reversed
        </Typography>
      ) : null}
      {payout.recovered > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {rupees(payout.recovered)} recovered
        </Typography>
      ) : null}
    </Stack>
  );
}

function Lines({ order }: { order: OpsOrderAnswer }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Sites in this order" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Site</TableCell>
            <TableCell scope="col">Media owner</TableCell>
            <TableCell scope="col">Dates</TableCell>
            <TableCell scope="col" align="right">
              Amount
            </TableCell>
            <TableCell scope="col">Booking</TableCell>
            <TableCell scope="col">Payout</TableCell>
            <TableCell scope="col">Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.items.map((l) => (
            <TableRow key={l.id}>
              <TableCell component="th" scope="row" sx={{ minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {l.site.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {l.site.code} · {l.site.city}
                  {l.campaign_name !== l.site.name ? ` · ${l.campaign_name}` : ''}
                </Typography>
              </TableCell>
              <TableCell>{l.site.media_owner?.company_name ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {/* to_date is exclusive: the last day shown is the day before it. */}
                {formatBookingPeriod(l.from_date, l.to_date, { withDays: false })}
                <Typography variant="caption" color="text.secondary" component="div">
                  {l.days} days · {humanize(l.status)}
                </Typography>
              </TableCell>
              <TableCell align="right">{rupees(l.price)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {l.booking_statuses.length === 0 ? '—' : null}
                  {l.booking_statuses.map((s, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: statuses repeat and keep their order
                    <Chip key={i} size="small" label={humanize(s)} variant="outlined" />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                <LinePayout payout={l.payout} />
              </TableCell>
              <TableCell>
                <CancelLineDialog order={order} line={l} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Payments({ order }: { order: OpsOrderDetail }) {
  if (!order.payments.length) {
    return <Typography color="text.secondary">No payment has been received for this order.</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Payments" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Provider</TableCell>
            <TableCell scope="col">Reference</TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col" align="right">
              Amount
            </TableCell>
            <TableCell scope="col">Received</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.payments.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{humanize(p.provider)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{p.reference}</TableCell>
              <TableCell>{humanize(p.status)}</TableCell>
              <TableCell align="right">{rupees(p.amount)}</TableCell>
              <TableCell>{formatInstant(p.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Section({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <Card variant="outlined" id={id}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const orderIdOf = (params: Params) => Number(params.orderId);

/**
 * Rendered on the server with the order and its proofs (components/room-outlet.tsx); an address that is no
 * order's number asks for nothing and says "not found".
 */
export const meta = ({ params }: MetaArgs<typeof loader>) => {
  const id = orderIdOf(params);
  return pageMeta(isOrderId(id) ? `Order #${id}` : 'Order not found');
};

export const loader = (args: LoaderFunctionArgs) => {
  const id = orderIdOf(args.params);
  return loadQueries(args, isOrderId(id) ? [opsOrderQuery(id), orderProofsQuery(id)] : []);
};
export const clientLoader = roomClientLoader;

/** /ops/orders/:orderId: one order as an operator needs it to answer a buyer or an owner. */
export default function OpsOrderPage() {
  const id = orderIdOf(useParams());
  const found = useOpsOrder(id);
  const back = (
    <Button component={RouterLink} to="/ops/orders" sx={{ mb: 1 }}>
      ← All orders
    </Button>
  );
  if (!isOrderId(id) || isStatus(found.error, 404) || isStatus(found.error, 400)) {
    return (
      <>
        {back}
        <Typography variant="h4" component="h1" gutterBottom>
          Order not found
        </Typography>
        <Alert severity="info">There is no order with this number.</Alert>
      </>
    );
  }
  if (found.isPending) return <LinearProgress aria-label="Loading the order" />;
  if (found.isError)
    return <LoadError onRetry={() => found.refetch()}>The order could not be loaded.</LoadError>;
  const order = found.data.data;
  const b = order.buyer;

  return (
    <>
      {back}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          Order #{order.id}
        </Typography>
        <OrderStatusChip status={order.status} />
        <Box sx={{ flexGrow: 1 }} />
        <RefundDialog order={order} />
        <RecordCashPayment order={order} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <Section title="Buyer">
          <DetailList
            items={[
              ['Name', b.name || '—'],
              ['Company', b.company],
              ['Phone', b.phone],
              ['Email', b.email],
              ['GSTIN', b.gstin],
            ]}
          />
        </Section>
        <Section title="Order">
          <DetailList
            items={[
              ['Subtotal', rupees(order.subtotal)],
              ...(order.igst
                ? ([['IGST 18 %', rupees(order.igst)]] as Array<[string, string]>)
                : ([
                    ['CGST 9 %', rupees(order.cgst)],
                    ['SGST 9 %', rupees(order.sgst)],
                  ] as Array<[string, string]>)),
              ['Total incl. GST', rupees(order.total)],
              ['Refunded', rupees(order.refunded)],
              ['Net', rupees(order.net)],
              ['Payment', order.payment_method === 'cash' ? 'Cash or bank transfer' : 'Online'],
              ['Provider order', order.provider_order_id],
              ['Placed', formatInstant(order.created_at)],
              ['Paid', formatInstant(order.paid_at)],
              ...(order.paid_at
                ? []
                : ([['Hold until', formatInstant(order.expires_at)]] as Array<[string, string]>)),
            ]}
          />
        </Section>
      </Box>
      <Stack spacing={2}>
        <Section title={`Sites (${order.items.length})`}>
          <Lines order={order} />
        </Section>
        <Section title="Payments">
          <Payments order={order} />
          <InvoiceDownload order={order} />
        </Section>
        <Section title="Refunds">
          <OrderRefundsTable order={order} />
        </Section>
        <Section title="Proof of posting" id="proof-of-posting">
          <OrderProofs orderId={order.id} />
        </Section>
      </Stack>
    </>
  );
}
