import type { FastifyRequest } from 'fastify';
import { authUser } from './auth-context.js';

/**
 * A route's rate limit counted per signed-in user rather than per address: whatever addresses or
 * credentials (sessions, API tokens) they use, one account gets one allowance.
 */
export function perUserRate(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `user:${authUser(request.auth)?.id ?? request.ip}`,
  };
}
