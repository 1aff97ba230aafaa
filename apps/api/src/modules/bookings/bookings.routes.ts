import {
  bookingValidateRequestSchema,
  bookingValidateResponseSchema,
  bookRequestSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  confirmRequestSchema,
  confirmResponseSchema,
  errorResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyHeadersSchema,
  orderSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { optionalAuth, requireAuth } from '../../plugins/auth.ts';
import { confirmCheckoutPayment } from '../../workflows/pay.workflow.ts';
import { bookOrder, validateItems } from './bookings.service.ts';
import { checkout } from './checkout.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const security = [{ bearer: [] }];

export async function bookingsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/booking/validate',
    {
      preHandler: optionalAuth(app),
      schema: {
        tags: ['booking'],
        summary: 'Are these cart lines valid and free? Names each line that is not',
        body: bookingValidateRequestSchema,
        response: { 200: bookingValidateResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => validateItems(app.deps, request.body, request.user?.id ?? null),
  );

  app.post(
    '/booking/book',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['booking'],
        summary: 'Place an order: prices checked, sites held for 15 minutes',
        description:
          'With an Idempotency-Key header a repeat of the call answers the order the first one placed.',
        security,
        headers: idempotencyHeadersSchema,
        body: bookRequestSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      bookOrder(app.deps, request.user!.id, request.body, request.headers[IDEMPOTENCY_HEADER]),
  );

  app.post(
    '/booking/checkout',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['booking'],
        summary: 'Start paying an order: provider order (amount in paise), or cash',
        security,
        body: checkoutRequestSchema,
        response: {
          200: checkoutResponseSchema,
          422: errorResponseSchema,
          502: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => checkout(app.deps, request.log, request.user!.id, request.body),
  );

  app.post(
    '/booking/confirm',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['booking'],
        summary: 'Confirm a signed payment (amount in paise): holds become bookings',
        security,
        body: confirmRequestSchema,
        response: { 200: confirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      await confirmCheckoutPayment(app.deps, request.log, request.user!.id, request.body);
      return { data: 'Payment Success' as const };
    },
  );
}
