import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { deriveSubkey } from '../../lib/jwt.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { RazorpayProvider } from './razorpay.provider.ts';
import { SandboxProvider } from './sandbox.provider.ts';

/** The sandbox keeps what it captured in its own table of `db`, as Razorpay keeps its payments. */
export function createPaymentProvider(
  config: Pick<Config, 'payments' | 'jwtSecret'>,
  db: Db,
): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'razorpay') {
    if (!payments.razorpay) throw new Error('PAYMENT_PROVIDER=razorpay without Razorpay keys');
    return new RazorpayProvider(payments.razorpay);
  }
  return new SandboxProvider(
    payments.sandboxKeySecret,
    db,
    deriveSubkey(config.jwtSecret, 'sandbox-pay-token'),
  );
}
