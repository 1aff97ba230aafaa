import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { RazorpayRouteProvider } from './razorpay-route.provider.ts';
import { SandboxRouteProvider } from './sandbox-route.provider.ts';
import type { TransferProvider } from './transfer-provider.ts';

/** Route with the Razorpay keys under PAYMENT_PROVIDER=razorpay; otherwise the sandbox, in `db`. */
export function createTransferProvider(config: Pick<Config, 'payments'>, db: Db): TransferProvider {
  const { payments } = config;
  if (payments.provider === 'razorpay') {
    if (!payments.razorpay) throw new Error('PAYMENT_PROVIDER=razorpay without Razorpay keys');
    return new RazorpayRouteProvider(payments.razorpay);
  }
  return new SandboxRouteProvider(payments.sandboxKeySecret, db);
}
