import { request } from '../../web/api';
import { h } from '../../web/dom';
import { LoadoutRenderedDocument, type ToolProvider } from './generated/graphql';
import { pageInput } from './preview-data';
import type { Route } from './route';

const PROVIDERS: Array<[ToolProvider | '', string]> = [
  ['', "The agent's model's provider"],
  ['OPENAI', 'OpenAI Chat Completions'],
  ['OPENAI_RESPONSES', 'OpenAI Responses'],
  ['ANTHROPIC', 'Anthropic Messages'],
  ['GOOGLE', 'Gemini'],
  ['NEUTRAL', 'Neutral (frameworks that render themselves)'],
];

/** The request's `tools` exactly as sent, for a provider chosen, fetched only when asked for. */
export function renderedCard(route: Route, model: string): HTMLElement {
  const select = h(
    'select',
    { id: 'rendered-provider' },
    ...PROVIDERS.map(([value, label]) => h('option', { value }, value === '' ? `${label} (${model})` : label)),
  );
  const out = h('div', { class: 'rendered-out', 'aria-live': 'polite' });
  const show = h('button', { type: 'button' }, 'Show the rendered request');
  show.addEventListener('click', async () => {
    out.replaceChildren(h('p', { class: 'muted' }, 'Rendering…'));
    try {
      const provider = (select.value || null) as ToolProvider | null;
      const { data } = await request(LoadoutRenderedDocument, {
        agentId: route.agentId!,
        channel: route.channel!,
        page: pageInput(route),
        provider,
      });
      out.replaceChildren(
        h('pre', { class: 'schema', tabindex: 0, 'aria-label': 'Rendered tools' }, JSON.stringify(data.toolbox.rendered, null, 2)),
      );
    } catch (error) {
      out.replaceChildren(h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)));
    }
  });
  return h(
    'section',
    { class: 'card rendered', 'aria-labelledby': 'rendered-title' },
    h('h3', { id: 'rendered-title' }, 'Rendered request'),
    h('div', { class: 'controls' }, h('label', { for: 'rendered-provider' }, 'Provider'), select, show),
    out,
  );
}
