import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { HTML } from './static-assets';
import { sendJson } from '../common/send-json';

export interface FrontPageLink {
  path: string;
  what: string;
}

/** What a person opening the server's root finds: its doors. The explorer is a door only outside production. */
export function frontPageLinks(production: boolean): FrontPageLink[] {
  return [
    {
      path: '/graphql',
      what: production ? 'GraphQL over HTTP and graphql-ws' : 'GraphQL over HTTP and graphql-ws; in a browser, the explorer',
    },
    { path: '/debugger', what: 'the conversation debugger' },
    { path: '/loadout', what: "an agent's toolbox previewed and edited, the tool budget and its suggestions" },
    { path: '/healthz', what: 'liveness' },
    { path: '/readyz', what: 'readiness' },
    { path: '/readyz/sockets', what: 'room for another graphql-ws socket on this instance' },
    { path: '/rpc/tools/gc', what: 'the budget report as JSON' },
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function frontPageHtml(version: string, production: boolean): string {
  const items = frontPageLinks(production)
    .map((link) => `<li><a href="${link.path}">${link.path}</a> ${escapeHtml(link.what)}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Loadout ${escapeHtml(version)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:40px auto;max-width:560px;padding:0 16px;color:#1d2330}li{margin:4px 0}a{font-family:ui-monospace,Menlo,Consolas,monospace}</style>
</head>
<body>
<h1>Loadout <small>${escapeHtml(version)}</small></h1>
<p>The toolbox API for AI agents. Every request carries <code>Authorization: Bearer &lt;api key&gt;</code>.</p>
<ul>
${items}
</ul>
</body>
</html>
`;
}

let version: string | undefined;
/** The version of package.json, read once. */
export function loadoutVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/**
 * `GET /`: a page for a browser, JSON for anything that does not ask for HTML (curl, a client asking for application/json).
 * Any other method is refused with 405 naming `/graphql`: a client given the server's base URL as its endpoint learns where
 * GraphQL is rather than reading the index as an answer.
 */
export function serveFrontPage(req: IncomingMessage, res: ServerResponse, production: boolean): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return sendJson(res, 405, {
      error: { code: 'METHOD_NOT_ALLOWED', message: `${req.method} / is not GraphQL: send GraphQL requests to POST /graphql` },
    });
  }
  if (!(req.headers.accept ?? '').includes('text/html')) {
    return sendJson(res, 200, { name: 'loadout', version: loadoutVersion(), links: frontPageLinks(production) });
  }
  res
    .writeHead(200, {
      'content-type': HTML,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
    })
    .end(frontPageHtml(loadoutVersion(), production));
}
