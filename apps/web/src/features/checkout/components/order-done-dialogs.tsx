import { CheckCircleOutlined } from '@mui/icons-material';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { type CheckoutResponse, formatDeadlineIst, formatPaise, type Order } from '@ooh/shared';
import { useNavigate } from 'react-router';
import { useCompanyDetails } from '../../../app/layout/company-details';

/**
 * docs/product-spec.md section 2: the modal after a confirmed payment; its only way out is a button. It names the order and
 * leads to its page (docs/product-rules.md section 9), where the artwork is uploaded.
 */
export function PaymentSuccessDialog({ open, orderId }: { open: boolean; orderId: number | null }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} aria-labelledby="payment-success-title" aria-describedby="payment-success-text">
      <Box sx={{ textAlign: 'center', pt: 3 }}>
        <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
      </Box>
      <DialogTitle id="payment-success-title" sx={{ textAlign: 'center' }}>
        Payment Successful
      </DialogTitle>
      <DialogContent>
        <Box id="payment-success-text" sx={{ textAlign: 'center' }}>
          {orderId ? (
            <DialogContentText sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
              Order #{orderId}
            </DialogContentText>
          ) : null}
          <DialogContentText>
            Please click on the below button your check your oder details and status
          </DialogContentText>
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1, flexWrap: 'wrap' }}>
        {orderId ? (
          <Button variant="contained" onClick={() => navigate(`/my-orders/${orderId}`)}>
            View order
          </Button>
        ) : null}
        <Button variant="outlined" onClick={() => navigate('/my-orders?tab=upcoming')}>
          My Orders
        </Button>
        <Button variant="outlined" onClick={() => navigate('/')} autoFocus>
          Go to Home
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A cash order: placed and waiting for the money. It says the real deadline (the order's expires_at, as
 * checkout answered it for cash: date and time in IST) and how to pay; unpaid by then, the sites go back.
 */
export function CashOrderDialog({
  order,
  payment,
}: {
  order: Order | null;
  /** Checkout's answer: `amount` is what is to be paid, in paise, GST included. */
  payment: CheckoutResponse | null;
}) {
  const navigate = useNavigate();
  const company = useCompanyDetails();
  // The total with GST, never the order's amount before GST (issue 19: "bring ₹74,000" for ₹87,320).
  const due = payment ? formatPaise(payment.amount) : '';
  return (
    <Dialog open={Boolean(order)} aria-labelledby="cash-order-title" aria-describedby="cash-order-text">
      <DialogTitle id="cash-order-title">Order placed - payment pending</DialogTitle>
      <DialogContent>
        {order ? (
          <Box id="cash-order-text">
            <DialogContentText>
              Your order {order.order_id} is placed. Amount to pay: <strong>{due}</strong> (GST included).
              Your sites are reserved until <strong>{formatDeadlineIst(order.expires_at)}</strong>.
            </DialogContentText>
            <DialogContentText sx={{ mt: 1.5 }} data-testid="payee-bank-details">
              Bank transfer to {company.legalName}, {company.bank.name}, account {company.bank.account}, IFSC{' '}
              {company.bank.ifsc}; or cash (below ₹2,00,000) at our office at {company.address} (
              {company.hours}). Quote order {order.order_id}. We have sent these details by SMS. The booking
              is confirmed once our team has received the payment; unpaid by then, the reservation ends and
              the sites become available to others.
            </DialogContentText>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ pb: 2, px: 3, gap: 1 }}>
        <Button variant="outlined" onClick={() => navigate('/my-orders?tab=upcoming')}>
          My Orders
        </Button>
        <Button variant="contained" onClick={() => navigate('/')} autoFocus>
          Go to Home
        </Button>
      </DialogActions>
    </Dialog>
  );
}
