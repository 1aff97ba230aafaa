import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppDeps, AppInstance } from './app-types.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { agenciesRoutes } from './modules/agencies/agencies.routes.ts';
import { approvalsRoutes } from './modules/agencies/approvals.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { botCheckRoutes } from './modules/bot-check/bot-check.routes.ts';
import { breachesRoutes } from './modules/breaches/breaches.routes.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { creativesRoutes } from './modules/creatives/creatives.routes.ts';
import { customizedCampaignsRoutes } from './modules/customized-campaigns/customized-campaigns.routes.ts';
import { registerFairUse } from './modules/fair-use/fair-use.plugin.ts';
import { filtersRoutes } from './modules/filters/filters.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { holdsRoutes } from './modules/holds/holds.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import type { MailProvider } from './modules/mail/mail.provider.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailProvider } from './modules/mail/mail.service.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { refundsRoutes } from './modules/orders/refunds.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { createPaymentProvider } from './modules/payments/create-payment-provider.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createTransferProvider } from './modules/payouts/create-transfer-provider.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { proofsRoutes } from './modules/proofs/proofs.routes.ts';
import { partnerProposalsRoutes } from './modules/proposals/partner-proposals.routes.ts';
import { proposalsRoutes } from './modules/proposals/proposals.routes.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { sitemapRoutes } from './modules/seo/sitemap.routes.ts';
import { siteCalendarRoutes } from './modules/site-calendar/site-calendar.routes.ts';
import { siteImportRoutes } from './modules/sites/site-import.routes.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { sitesOpsRoutes } from './modules/sites/sites-ops.routes.ts';
import type { SmsProvider } from './modules/sms/sms.provider.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { createSmsProvider } from './modules/sms/sms.service.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { createFileStorage } from './modules/storage/create-storage.ts';
import type { FileStorage } from './modules/storage/file-storage.ts';
import { commissionInvoicesRoutes } from './modules/tax-reports/commission-invoices.routes.ts';
import { taxReportsRoutes } from './modules/tax-reports/tax-reports.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerCatalogueCache } from './plugins/catalogue-cache.ts';
import { clientErrorHandler } from './plugins/client-error.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerErrorHandler, sendFrameworkError } from './plugins/error-handler.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerRouteMethods } from './plugins/method-not-allowed.ts';
import { openApiTransform } from './plugins/openapi-document.ts';
import { pageSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { loadWebBuild, registerStatic } from './plugins/static.ts';

/** The API modules, in one visible list. Each registers its routes under /api. */
const modules: Array<(app: AppInstance) => Promise<void>> = [
  healthRoutes,
  botCheckRoutes,
  authRoutes,
  sessionsRoutes,
  usersRoutes,
  smsRoutes,
  productsRoutes,
  pricingRoutes,
  filtersRoutes,
  campaignsRoutes,
  customizedCampaignsRoutes,
  availabilityRoutes,
  bookingsRoutes,
  holdsRoutes,
  proposalsRoutes,
  partnerProposalsRoutes,
  paymentsRoutes,
  ordersRoutes,
  contactRoutes,
  partnersRoutes,
  agenciesRoutes,
  approvalsRoutes,
  siteImportRoutes,
  meRoutes,
  opsRoutes,
  breachesRoutes,
  siteCalendarRoutes,
  sitesRoutes,
  sitesOpsRoutes,
  plansRoutes,
  creativesRoutes,
  mailRoutes,
  remindersRoutes,
  proofsRoutes,
  refundsRoutes,
  statementsRoutes,
  taxReportsRoutes,
  commissionInvoicesRoutes,
  payoutsRoutes,
  seoRoutes,
  invoicesRoutes,
];

export interface BuildOptions extends Omit<AppDeps, 'clock' | 'sms' | 'storage' | 'mail'> {
  clock?: Clock;
  sms?: SmsProvider;
  mail?: MailProvider;
  storage?: FileStorage;
  /** Where log lines go (stdout by default); tests capture them here. */
  logStream?: DestinationStream;
  /** Serve the built SPA and /media (production and e2e); API tests leave it off. */
  serveWeb?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<AppInstance> {
  // An empty secret would sign with nothing: bootstrap fills them from the database first (decision 070).
  if (options.config.sharedSecretsPending) {
    throw new Error('the shared secrets are not read yet: build the app through bootstrap()');
  }
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(options.config.logLevel, options.logStream),
    bodyLimit: 1_048_576,
    frameworkErrors: sendFrameworkError,
    // Requests Node's parser cannot read get our error shape and security headers too.
    clientErrorHandler,
    // Shutdown answers what it accepted (plugins/drain.ts) instead of a bare 503 outside our error shape.
    return503OnClosing: false,
    // Per-IP limits count the socket address unless the operator says how many proxies to trust.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxyHops,
  }).withTypeProvider<ZodTypeProvider>() as unknown as AppInstance;

  const sms = options.sms ?? createSmsProvider(options.config, options.database.db, clock, app.log);
  const payments = options.payments ?? createPaymentProvider(options.config, options.database.db);
  const transfers = options.transfers ?? createTransferProvider(options.config, options.database.db);
  const storage = options.storage ?? (await createFileStorage(options.config));
  const mail = options.mail ?? createMailProvider(options.config, clock);
  const deps: AppDeps = {
    ...options,
    clock,
    sms,
    mail,
    payments,
    transfers,
    storage,
    log: app.log,
  };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route: every scope inherits the depth-limited JSON parser.
  registerJsonBodyParser(app);
  registerRouteMethods(app);
  registerDrain(app);
  const site = { razorpay: payments.name === 'razorpay', mapTiles: options.config.mapTiles };
  // A page's inline scripts are allowed by its answer's nonce (plugins/web-app.ts), nothing else's.
  const web = options.serveWeb
    ? await loadWebBuild(options.config, (scripts) => pageSecurityHeaders({ ...site, scripts }))
    : null;
  // Every answer carries them, the catalogue cache's and the web app's files included (decision 015).
  registerSecurityHeaders(app, { ...site, scriptHashes: [] });
  // Before compression: the cache stores and serves the JSON text (and its own gzip of it).
  await registerCatalogueCache(app);
  // Before the routes: the rate limit learns its routes as they are added (decision 070).
  await registerFairUse(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Uploads (site photos, CSV imports, later creatives and proofs): one file per request, 10 MB at most
  // (docs/product-rules.md section 11); a bigger one is refused while streaming, never buffered whole.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'AdSpace India API',
        description: 'Out-of-home advertising marketplace',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Browsers: set by POST /api/auth/otp/verify (docs/decisions/042).
          session: { type: 'apiKey', in: 'cookie', name: 'ooh_session' },
        },
      },
    },
    // The zod schemas, plus the statuses the framework answers for every route (decision 041).
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // A worker (ROLE=worker) answers only its probes; its work is the job queue (decision 070).
  const worker = options.config.role === 'worker';
  await app.register(
    async (api) => {
      for (const register of worker ? [healthRoutes] : modules) await register(api as AppInstance);
    },
    { prefix: '/api' },
  );
  if (!worker) {
    await app.register(mediaRoutes);
    await app.register(sitemapRoutes);
  }

  // Last: the not-found handler is the SPA's history fallback when serving the web app, JSON 404 otherwise.
  await registerStatic(app, web);
  return app;
}
