import { ArrowBack, VerifiedUserOutlined } from '@mui/icons-material';
import { Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { formatDateIst, formatRupees, type OrderDetail } from '@ooh/shared';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { isMissing, NotFound, parseId } from '../../components/not-found';
import { PageLoader } from '../../components/page-loader';
import { PlanFiguresView } from '../../components/plan-figures';
import { PlanActions } from '../../components/plans/plan-actions';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { signInPath } from '../../lib/auth/redirect-target';
import { useOrder } from './api/get-order';
import { CancelOrderAction } from './order-detail/cancel-order-action';
import { InvoiceLink } from './order-detail/invoice-link';
import { ORDER_STATUS_LABELS } from './order-detail/order-format';
import { OrderLineCard } from './order-detail/order-line-card';
import { OrderPayment } from './order-detail/order-payment';
import { OrderRefunds } from './order-detail/order-refunds';
import { ReportLink } from './order-detail/report-link';

/** Subtotal, the GST lines the order has, and Total (what was charged). */
function Totals({ order }: { order: OrderDetail }) {
  const rows: Array<[string, number]> = [['Subtotal', order.subtotal]];
  if (order.cgst) rows.push(['CGST (9 %)', order.cgst]);
  if (order.sgst) rows.push(['SGST (9 %)', order.sgst]);
  if (order.igst) rows.push(['IGST (18 %)', order.igst]);
  return (
    <Box
      component="dl"
      aria-label="Order totals"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
        minWidth: { sm: 240 },
        '& dd': { m: 0, textAlign: 'right' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2">
            {formatRupees(value)}
          </Typography>
        </Box>
      ))}
      <Typography component="dt" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Total
      </Typography>
      <Typography component="dd" variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="order-total">
        {formatRupees(order.total)}
      </Typography>
      {order.refunds.length > 0 ? (
        <>
          {/* Only processed refunds: money that has left (pending ones are listed below, not counted). */}
          <Typography component="dt" variant="body2" color="text.secondary">
            Refunded
          </Typography>
          <Typography component="dd" variant="body2" data-testid="order-refunded">
            {formatRupees(order.refunded)}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
            Net paid
          </Typography>
          <Typography component="dd" variant="body2" sx={{ fontWeight: 700 }} data-testid="order-net">
            {formatRupees(order.net)}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  return (
    <>
      <Paper variant="outlined" component="header" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h4" component="h1">
                Order #{order.order_id}
              </Typography>
              <Chip
                label={ORDER_STATUS_LABELS[order.status]}
                color={order.status === 'paid' ? 'success' : order.reserved_until ? 'warning' : 'default'}
                variant="outlined"
                size="small"
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Placed on {formatDateIst(order.created_at)} ·{' '}
              {order.live_lines === order.lines.length
                ? `${order.lines.length} ${order.lines.length === 1 ? 'site' : 'sites'}`
                : `${order.live_lines} of ${order.lines.length} sites (${order.lines.length - order.live_lines} cancelled)`}
              {order.payment_method === 'cash' ? ' · cash payment' : ''}
              {order.place_of_supply ? ` · place of supply ${order.place_of_supply}` : ''}
            </Typography>
            {/* An agency's order for a client (decision 092): whom it bills and the client's PO number. */}
            {order.billed_to ? (
              <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="order-billed-to">
                Billed to {order.billed_to}
              </Typography>
            ) : null}
            {order.po_number ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="order-po-number">
                PO number: {order.po_number}
              </Typography>
            ) : null}
            {/* The order's documents and actions: the invoice, the campaign report, the plan's exports and link. */}
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
              data-testid="order-actions"
            >
              <InvoiceLink order={order} />
              <ReportLink order={order} />
              <PlanActions source={{ orderId: order.order_id }} />
              <CancelOrderAction order={order} />
            </Stack>
          </Box>
          <Totals order={order} />
        </Stack>
        <OrderPayment order={order} />
        <OrderRefunds order={order} />
        {/* The booked plan's audience figures (decision 089); an answer without them shows none. */}
        {order.figures ? (
          <Box sx={{ mt: 2, maxWidth: 560 }}>
            <PlanFiguresView figures={order.figures} headingId="order-figures" />
          </Box>
        ) : null}
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 2, alignItems: 'flex-start' }}
          data-testid="payout-promise"
        >
          <VerifiedUserOutlined fontSize="small" color="success" aria-hidden sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            The media owner is paid only after we verify the photo proof that your ad is up.
          </Typography>
        </Stack>
      </Paper>
      <Stack spacing={3}>
        {order.lines.map((line) => (
          <OrderLineCard key={line.id} order={order} line={line} />
        ))}
      </Stack>
    </>
  );
}

/**
 * /my-orders/{orderId} (docs/product-rules.md section 9): the order's totals and documents, then one card per line with
 * its status timeline, artwork upload, proofs and cancellation. Another user's order is "not found".
 * The server renders it with the order (routes/order.tsx).
 */
export default function OrderPage() {
  const { orderId: raw } = useParams();
  const orderId = parseId(raw);
  const { isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const query = useOrder(orderId ?? 0, isAuthenticated && orderId !== null);
  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  const here = `/my-orders/${raw ?? ''}`;
  const signIn = signInPath(here);
  useEffect(() => {
    if (!unauthorized) return;
    logout();
    navigate(signIn, { replace: true });
  }, [unauthorized, logout, navigate, signIn]);

  if (!isAuthenticated) return <Navigate to={signIn} replace />;
  const missing = (
    <NotFound title="Order not found">
      There is no order #{raw} in your account. Your orders are listed under{' '}
      <RouterLink to="/my-orders?tab=upcoming">My Orders</RouterLink>.
    </NotFound>
  );
  if (orderId === null) return missing;
  if (query.isError && isMissing(query.error)) return missing;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to="/my-orders?tab=upcoming" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        My Orders
      </Button>
      {query.data ? (
        <OrderView order={query.data} />
      ) : query.isError && !unauthorized ? (
        <>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            Order #{orderId}
          </Typography>
          <LoadError onRetry={() => void query.refetch()}>
            We could not load this order. Please try again.
          </LoadError>
        </>
      ) : (
        <PageLoader />
      )}
    </Container>
  );
}
