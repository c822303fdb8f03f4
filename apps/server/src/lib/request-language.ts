import type { Language } from '@greenhouse/contracts';
import type { FastifyRequest } from 'fastify';

/** The first of our languages the browser asks for (Accept-Language), else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('pl') ? 'pl' : 'en';
}
