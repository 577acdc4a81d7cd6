import 'graphiql/style.css';
import './explorer.css';
import { GraphiQL } from 'graphiql';
import { createElement, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { storedKey, storeKey } from '../../web/api';
import { h } from '../../web/dom';
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

/** GraphiQL with the key in its headers editor, which holds it from then on. */
function openExplorer(key: string): void {
  const headers = JSON.stringify(key ? { Authorization: `Bearer ${key}` } : {}, null, 2);
  createRoot(root).render(
    createElement(GraphiQL, {
      fetcher,
      defaultQuery: DEFAULT_QUERY,
      headers,
      defaultHeaders: headers,
      defaultEditorToolsVisibility: 'headers',
      shouldPersistHeaders: false,
    }),
  );
}

/** Asks for the key in the page; an empty one opens the explorer with no header, to add under Headers later. */
function askForKey(): void {
  const input = h('input', { type: 'password', id: 'api-key', name: 'apiKey', autocomplete: 'off', placeholder: 'lo_…' });
  const form = h(
    'form',
    { class: 'key-form' },
    h('h1', {}, 'GraphQL explorer'),
    h(
      'p',
      {},
      'An API key for the Authorization header (Bearer <key>), kept in this tab only. Leave it empty to add it later under Headers.',
    ),
    h('label', { for: 'api-key' }, 'API key'),
    input,
    h('button', { type: 'submit' }, 'Open the explorer'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (key) storeKey(key);
    openExplorer(key);
  });
  root.replaceChildren(form);
  input.focus();
}

const root = document.getElementById('explorer')!;
// The key the debugger page was given in this tab, else one typed in the page.
const known = storedKey();
if (known) openExplorer(known);
else askForKey();
