import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { takeHourlyAllowance } from '../modules/contact/contact.service.ts';

/**
 * preHandler for routes that generate a file (PDF, PowerPoint, Excel): each costs tens to hundreds of
 * milliseconds of CPU, so one requester may ask for DOCUMENTS_PER_HOUR an hour, counted per signed-in
 * user, else per address, in the database so every API process shares the count (decision 041). Place it
 * after the sign-in check: a signed-in user is counted as themself, wherever they connect from.
 */
export function documentAllowance(app: AppInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const { database, clock, config } = app.deps;
    const requester = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    await takeHourlyAllowance(
      { db: database.db, clock, config },
      'documents',
      requester,
      config.documentsPerHour,
      'Too many documents asked for in the last hour. Please try again later.',
    );
  };
}
