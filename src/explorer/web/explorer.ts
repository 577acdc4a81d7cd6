import 'graphiql/style.css';
import './explorer.css';
import { GraphiQL } from 'graphiql';
import { createElement, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { storedKey, storeKey } from '../../debugger/web/api';
import { DEFAULT_QUERY } from './default-query';

/** Sends the operation with the headers of the editor (the key among them) to this server; nothing else is contacted. */
const fetcher: ComponentProps<typeof GraphiQL>['fetcher'] = async (params, options) => {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { ...(options?.headers as Record<string, string> | undefined), 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return res.json();
};

// The key the debugger page was given in this tab, else asked for once; the headers editor holds it from then on.
const key = storedKey() ?? window.prompt('API key for the Authorization header (Bearer <key>); leave empty to add it later')?.trim();
if (key) storeKey(key);
const headers = JSON.stringify(key ? { Authorization: `Bearer ${key}` } : {}, null, 2);

createRoot(document.getElementById('explorer')!).render(
  createElement(GraphiQL, {
    fetcher,
    defaultQuery: DEFAULT_QUERY,
    headers,
    defaultHeaders: headers,
    defaultEditorToolsVisibility: 'headers',
    shouldPersistHeaders: false,
  }),
);
