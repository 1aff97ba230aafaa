import { randomBytes } from 'node:crypto';
import {
  errorResponseSchema,
  sandboxCheckoutQuerySchema,
  sandboxPayRequestSchema,
  sandboxPayResponseSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse } from '../../lib/file-response.ts';
import { allowFramedPageScript } from '../../plugins/security-headers.ts';
import { handleWebhook } from '../../workflows/pay.workflow.ts';
import { sandboxCheckoutOrder, sandboxCheckoutPay } from '../../workflows/sandbox-checkout.workflow.ts';
import { sandboxCheckoutPage } from './sandbox-checkout.page.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function paymentsRoutes(app: AppInstance): Promise<void> {
  // The webhook signature covers the exact bytes Razorpay sent, so this route alone keeps the raw body:
  // its own encapsulated scope replaces the JSON parser with one that hands over the Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/razorpay/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Razorpay (or sandbox) webhook: order.paid, payment.captured, payment.failed',
          response: {
            200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }),
            400: errorResponseSchema,
            // The raw body has no schema, so the document's framework answers are listed here.
            413: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const status = await handleWebhook(app.deps, request.log, raw, {
          signature: header(request.headers['x-razorpay-signature']),
          eventId: header(request.headers['x-razorpay-event-id']),
        });
        return { status };
      },
    );
  });

  app.get(
    '/payments/sandbox/checkout',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Sandbox payment window (HTML), at checkout_url (with the order's pay token); 404 unless the sandbox is active",
        querystring: sandboxCheckoutQuerySchema,
        response: {
          200: fileResponse('text/html', 'The payment window'),
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await sandboxCheckoutOrder(app.deps, request.query.order_id, request.query.token);
      const scriptNonce = randomBytes(16).toString('base64');
      allowFramedPageScript(reply, scriptNonce);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          sandboxCheckoutPage({
            providerOrderId: order.providerOrderId ?? request.query.order_id,
            payToken: request.query.token,
            orderId: order.id,
            amountPaise: order.amountPaise,
            expiresAt: order.expiresAt,
            scriptNonce,
          }),
        );
    },
  );

  app.post(
    '/payments/sandbox/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox window "Pay": one signed payment for the order (with its pay token); 404 unless the sandbox is active',
        body: sandboxPayRequestSchema,
        response: { 200: sandboxPayResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) =>
      sandboxCheckoutPay(
        app.deps,
        request.body.razor_pay_order_id,
        request.body.token,
        request.body.refund_failures,
      ),
  );
}
