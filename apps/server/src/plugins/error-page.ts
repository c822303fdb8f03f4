// Which requests are a browser's page loads, and the small HTML page a browser gets when such a request fails
// before the web app can take over (a malformed address). The API always answers in its JSON error shape.
import type { ApiError } from '@greenhouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../lib/request-language.js';

/** The path of a request URL, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

function acceptsHtml(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/html') ?? false;
}

/**
 * A GET for one of the web app's pages: any path outside /api that a browser asks a page for, and any
 * path without a file extension whatever the Accept header says (`curl /`, link checkers, health probes).
 * A missing file (`/missing.js`) asked for without text/html is not a page.
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  const lastSegment = pathOf(request.url).split('/').pop() ?? '';
  return acceptsHtml(request) || !lastSegment.includes('.');
}

/** Whether a failed request should be answered with an HTML page rather than the JSON error shape. */
export function wantsErrorPage(request: FastifyRequest): boolean {
  return !isApiPath(request.url) && acceptsHtml(request);
}

const texts = {
  en: {
    malformed: {
      title: 'This address is not valid',
      text: 'The link or address you followed is damaged (a broken %-encoding), so there is no page for it.',
    },
    other: { title: 'This page could not be shown', text: 'Something went wrong. Please try again.' },
    home: 'Go to the home page',
  },
  pl: {
    malformed: {
      title: 'Ten adres jest nieprawidłowy',
      text: 'Link lub adres, który otwarto, jest uszkodzony (błędne kodowanie %), więc nie ma pod nim strony.',
    },
    other: { title: 'Nie udało się wyświetlić strony', text: 'Coś poszło nie tak. Spróbuj ponownie.' },
    home: 'Przejdź do strony głównej',
  },
} as const;

/** The page: self-contained (inline style, which the CSP allows), in the browser's language, with no input echoed. */
export function errorPageHtml(
  request: FastifyRequest,
  error: ApiError,
  reason: 'malformed' | 'other',
): string {
  const language = requestLanguage(request);
  const t = texts[language];
  const { title, text } = t[reason];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${title} · Greenhouse</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1330;color:#e8ecf8;font:16px/1.5 system-ui,sans-serif}
main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#b8c0da}a{color:#7fd6a4}
code{font-size:.85rem;color:#8b94b3}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/">${t.home}</a></p>
<p><code>${error.status} ${error.code}</code></p>
</main>
</body>
</html>
`;
}

// The page needs its inline style and the favicon, nothing else.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Answers a failed request: the HTML page for a browser's page load, the API's JSON error shape otherwise. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
  reason: 'malformed' | 'other' = 'other',
): FastifyReply {
  // Framework errors reach here without the app's hooks (helmet): the headers that matter, set here.
  void reply
    .status(error.status)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');
  if (wantsErrorPage(request)) {
    return reply
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(errorPageHtml(request, error, reason));
  }
  // A JSON error body without `undefined` members, never a stack trace.
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(error));
}
