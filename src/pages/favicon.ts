import type { ServerResponse } from 'node:http';

/** A small icon, so a browser's own request for one is answered rather than logged as a 404. */
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3557d6"/><path d="M9 7h4v14h10v4H9z" fill="#fff"/></svg>`;

export const isFaviconPath = (pathname: string): boolean => pathname === '/favicon.ico' || pathname === '/favicon.svg';

export function serveFavicon(res: ServerResponse): void {
  res
    .writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' })
    .end(ICON);
}
