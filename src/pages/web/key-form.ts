import { forgetKey, storedKey, storeKey } from './api';
import { h } from './dom';

/** The page asking: its title, and which key does what on it. */
export interface KeyFormText {
  title: string;
  keys: string;
}

/** Asks for the API key, saying first what was wrong with the last one when there is a `problem`; `opened` runs once it is stored. */
export function showKeyForm(app: HTMLElement, text: KeyFormText, opened: () => void, problem?: string): void {
  const input = h('input', { type: 'password', name: 'apiKey', id: 'api-key', autocomplete: 'off', required: true, placeholder: 'lo_…' });
  const form = h(
    'form',
    { class: 'key-form card' },
    h('h1', {}, text.title),
    h(
      'p',
      {},
      `Enter an API key of your organisation; ${text.keys}. It is kept in this tab only (session storage) and sent to this server alone.`,
    ),
    h('label', { for: 'api-key' }, 'API key'),
    input,
    h('button', { type: 'submit' }, 'Open'),
    problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    storeKey(input.value.trim());
    opened();
  });
  app.replaceChildren(h('main', { class: 'centered' }, form));
  input.focus();
}

/** What a page shows once a key is stored; `signOut` forgets the key and asks for another, saying why when there is a `problem`. */
export type ShowPage = (app: HTMLElement, signOut: (problem?: string) => void) => Promise<void>;

/**
 * Opens a page: its content when the tab holds a key, else the key form. The
 * form and the page lead to each other through here, so neither imports the other.
 */
export function openPage(app: HTMLElement, text: KeyFormText, show: ShowPage): void {
  const askForKey = (problem?: string) => showKeyForm(app, text, () => void show(app, signOut), problem);
  const signOut = (problem?: string) => {
    forgetKey();
    askForKey(problem);
  };
  if (storedKey()) void show(app, signOut);
  else askForKey();
}
