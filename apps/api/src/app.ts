import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerStatic } from './plugins/static.ts';

/** What the app is built from. Tests pass a fresh database and a manual clock; nothing is global. */
export interface AppDeps {
  database: Database;
  config: Config;
  clock: Clock;
  /** Where generated site images live; served under /media. */
  mediaDir?: string;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
> & { deps: AppDeps };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** The API modules, in one visible list. Each registers its routes under /api. */
const modules: Array<(app: AppInstance) => Promise<void>> = [healthRoutes];

export interface BuildOptions extends Omit<AppDeps, 'clock'> {
  clock?: Clock;
  /** Serve the built SPA and /media (production and e2e); API tests leave it off. */
  serveWeb?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<AppInstance> {
  const deps: AppDeps = { ...options, clock: options.clock ?? systemClock };
  const app = Fastify({
    logger: loggerOptions(options.config.logLevel),
    bodyLimit: 1_048_576,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>() as unknown as AppInstance;

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'AdSpace India API', description: 'Out-of-home advertising marketplace', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      for (const register of modules) await register(api as AppInstance);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb || options.mediaDir) await registerStatic(app, { serveWeb: options.serveWeb ?? false });
  return app;
}
