import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import type { PaymentMethod } from '../checkout-machine';

/** The Payment Method choice of docs/product-spec.md section 2: razorpay (online), cash, and bank transfer (issue 19). */
export function PaymentMethodField({
  value,
  onChange,
  disabled,
}: {
  value: PaymentMethod;
  onChange(value: PaymentMethod): void;
  disabled?: boolean;
}) {
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ width: '100%' }}>
      {/* The legend keeps full contrast while the choice is locked during a payment. */}
      <FormLabel
        component="legend"
        sx={{ fontWeight: 700, color: 'text.primary', mb: 1, '&.Mui-disabled': { color: 'text.primary' } }}
      >
        Payment Method
      </FormLabel>
      <RadioGroup
        value={value}
        onChange={(e) => onChange(e.target.value as PaymentMethod)}
        name="payment-method"
      >
        <FormControlLabel
          value="razorpay"
          control={<Radio />}
          label={
            <span>
              Razorpay
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                - UPI, cards, net banking and wallets
              </Typography>
            </span>
          }
        />
        <FormControlLabel
          value="cash"
          control={<Radio />}
          label={
            <span>
              Cash
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                - pay our team, below ₹2,00,000 including GST; the order waits for your payment
              </Typography>
            </span>
          }
        />
        <FormControlLabel
          value="bank_transfer"
          control={<Radio />}
          label={
            <span>
              Bank transfer
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                - NEFT, RTGS or IMPS to our account; the order waits for your payment
              </Typography>
            </span>
          }
        />
      </RadioGroup>
    </FormControl>
  );
}
