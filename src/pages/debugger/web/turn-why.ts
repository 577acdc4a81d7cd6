import { h } from '../../web/dom';
import { when } from '../../web/format';
import type { Turn } from './query-types';
import { actorText, CAUSES, effectPhrase } from '../../web/wording';

/** The changes that led to a turn's changed toolbox, oldest first, or why none is linked to it. */
export function why(turn: Turn, invalidationError: string | undefined): HTMLElement {
  const inv = turn.invalidation;
  const events = turn.invalidations;
  if (inv && events.length > 0) {
    const one = events.length === 1;
    return h(
      'div',
      { class: 'why', 'data-invalidation-id': inv.id },
      h('strong', {}, one ? 'Why: ' : `Why: ${events.length} changes since the previous turn, oldest first`),
      h(
        one ? 'span' : 'ol',
        { class: 'why-events' },
        ...events.map((event) =>
          h(
            one ? 'span' : 'li',
            { class: 'why-event', 'data-invalidation-id': event.invalidation.id, 'data-cause': event.invalidation.cause },
            // Only the linked change carries who made it.
            ...whySentence(event, event.invalidation.id === inv.id ? actorText(inv.actor) : null),
          ),
        ),
      ),
    );
  }
  return h(
    'div',
    { class: 'why why-unknown' },
    h('strong', {}, 'Why: '),
    invalidationError ? `the linked change could not be read (${invalidationError}).` : 'no recorded change is linked to this turn.',
  );
}

/** One change that led to this turn's toolbox, as a sentence naming the tools it touched. */
function whySentence(event: Turn['invalidations'][number], actor: string | null): Array<HTMLElement | string | null> {
  const { invalidation: e, diff } = event;
  const effect = effectPhrase(diff);
  return [
    effect ? h('span', { class: 'why-effect' }, `${effect}: `) : null,
    CAUSES[e.cause] ?? e.cause,
    h('span', { class: 'muted' }, ` (${e.cause})`),
    actor ? ` ${actor}` : null,
    ` at ${when(e.at)}, loadout version ${e.loadoutVersion}`,
    effect ? '.' : h('span', { class: 'muted' }, '; no lasting effect on this turn.'),
  ];
}
