import { RequestFailed } from './api';
import { h } from './dom';

/** Shows a failed request where its data would have been. */
export type ShowFailure = (error: unknown, into: HTMLElement) => void;

/** A refused key is no failure to show in place: `signOut` forgets it and asks for another. */
export const failureShower =
  (signOut: (problem: string) => void): ShowFailure =>
  (error, into) => {
    if (error instanceof RequestFailed && error.code === 'UNAUTHENTICATED') {
      signOut('That key was not accepted. Check it and try again.');
      return;
    }
    into.replaceChildren(h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)));
  };
