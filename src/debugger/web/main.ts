import { forgetKey, request, RequestFailed, storedKey, storeKey, type GraphQLErrorLike, type Result } from './api';
import { roundTicks, shortCount, splitInputTokens, type InputSplit } from './chart';
import { h, svg } from './dom';
import { DROP_REASON_TEXT } from '../../loadout/vocabulary';
import { diffLines } from './text-diff';
import {
  DebuggerAgentsDocument,
  DebuggerConversationDocument,
  DebuggerConversationsDocument,
  type DebuggerConversationQuery,
  type DebuggerConversationsQuery,
  type DebuggerAgentsQuery,
  type DropReason,
  type FundingModel,
  type InvalidationCause,
} from './generated/graphql';

type Conversation = NonNullable<DebuggerConversationQuery['conversation']>;
type Turn = Conversation['turns']['edges'][number]['node'];
type Page = Conversation['page'];
type Tool = Turn['toolbox']['tools'][number];
type Organization = DebuggerAgentsQuery['me']['organization'];
type ConversationResult = Result<DebuggerConversationQuery>;
type ConversationsResult = Result<DebuggerConversationsQuery>;

const CONVERSATION_PAGE = 50;

/** Each drop reason as the schema describes it. */
const DROP_REASONS: Record<DropReason, string> = DROP_REASON_TEXT;

const CAUSES: Record<InvalidationCause, string> = {
  AGENT_UPDATED: 'Agent settings changed',
  CHANGE_SET: 'Change set applied',
  MCP_INVENTORY_CHANGED: 'MCP server inventory changed',
  MCP_SERVER_CHANGED: 'MCP server settings changed',
  MINI_APP_CHANGED: 'Mini app changed',
  RULE_CHANGED: 'Permission rule changed',
  TOOL_CREATED: 'Tool created',
  TOOL_DELETED: 'Tool deleted',
  TOOL_UPDATED: 'Tool updated',
};

const FUNDING: Record<FundingModel, string> = {
  INCLUDED_CREDITS: 'AI included: usage paid in credits',
  BRING_YOUR_OWN: 'Bring your own AI: billed by the provider',
};

const app = document.getElementById('app')!;
/** The organisation of the key in use, read with the agents. */
let organization: Organization | null = null;
const numbers = new Intl.NumberFormat('en');
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
const pageLabel = (page: Page) => [page.type.toLowerCase(), page.contextObject, page.recordId].filter((part) => part).join(' · ');

interface Route {
  agentId: string | null;
  conversationId: string | null;
}

function readRoute(): Route {
  const params = new URLSearchParams(location.hash.slice(1));
  return { agentId: params.get('agent'), conversationId: params.get('conversation') };
}

function showKeyForm(problem?: string): void {
  const input = h('input', { type: 'password', name: 'apiKey', id: 'api-key', autocomplete: 'off', required: true, placeholder: 'lo_…' });
  const form = h(
    'form',
    { class: 'key-form card' },
    h('h1', {}, 'Conversation debugger'),
    h(
      'p',
      {},
      'Enter an API key of your organisation; a VIEWER key is enough. It is kept in this tab only (session storage) and sent to this server alone.',
    ),
    h('label', { for: 'api-key' }, 'API key'),
    input,
    h('button', { type: 'submit' }, 'Open'),
    problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    storeKey(input.value.trim());
    void showShell();
  });
  app.replaceChildren(h('main', { class: 'centered' }, form));
  input.focus();
}

/** Shows a failed request where the data would have been; a refused key goes back to the key form. */
function failure(error: unknown, into: HTMLElement): void {
  if (error instanceof RequestFailed && error.code === 'UNAUTHENTICATED') {
    forgetKey();
    showKeyForm('That key was not accepted. Check it and try again.');
    return;
  }
  into.replaceChildren(h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)));
}

async function showShell(): Promise<void> {
  const agents = h('nav', { class: 'list', 'aria-label': 'Agents' }, h('p', { class: 'muted' }, 'Loading…'));
  const conversations = h('nav', { class: 'list', 'aria-label': 'Conversations' }, h('p', { class: 'muted' }, 'Choose an agent.'));
  const detail = h(
    'main',
    { class: 'detail', id: 'detail' },
    h('p', { class: 'placeholder' }, 'Choose an agent, then one of its conversations.'),
  );
  const forget = h('button', { type: 'button', class: 'link' }, 'Forget key');
  forget.addEventListener('click', () => {
    forgetKey();
    showKeyForm();
  });
  const orgLabel = h('span', { class: 'org muted' });
  const sidebar = h('aside', { class: 'sidebar' }, h('h2', {}, 'Agents'), agents, h('h2', {}, 'Conversations'), conversations);
  const layout = h('div', { class: 'layout' }, sidebar, detail);
  app.replaceChildren(
    h(
      'header',
      { class: 'top' },
      h('h1', {}, 'Conversation debugger'),
      orgLabel,
      h('span', { class: 'muted tagline' }, 'What each turn’s model saw, and why it changed'),
      forget,
    ),
    layout,
  );

  let agentList;
  try {
    const { data } = await request(DebuggerAgentsDocument, {});
    agentList = data.agents;
    organization = data.me.organization;
  } catch (error) {
    return failure(error, agents);
  }
  orgLabel.replaceChildren(
    h('strong', {}, organization.name),
    ' · ',
    h('span', { class: 'funding', 'data-funding-model': organization.fundingModel }, FUNDING[organization.fundingModel]),
  );
  const render = () => {
    const route = readRoute();
    layout.classList.toggle('has-conversation', route.conversationId !== null);
    agents.replaceChildren(
      ...(agentList.length
        ? agentList.map((agent) =>
            h(
              'a',
              {
                href: `#agent=${encodeURIComponent(agent.id)}`,
                class: agent.id === route.agentId ? 'item selected' : 'item',
                'data-agent-id': agent.id,
              },
              h('span', { class: 'item-title' }, agent.name),
              h('span', { class: 'item-meta' }, agent.model),
            ),
          )
        : [h('p', { class: 'muted' }, 'This organisation has no agents.')]),
    );
    void renderConversations(route, conversations);
    void renderDetail(route, detail);
  };
  window.onhashchange = render;
  render();
}

let conversationsFor: string | null = null;

async function renderConversations(route: Route, into: HTMLElement): Promise<void> {
  if (!route.agentId) {
    conversationsFor = null;
    into.replaceChildren(h('p', { class: 'muted' }, 'Choose an agent.'));
    return;
  }
  if (conversationsFor !== route.agentId) {
    conversationsFor = route.agentId;
    into.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    try {
      const items = [];
      let after: string | null = null;
      do {
        const result: ConversationsResult = await request(DebuggerConversationsDocument, {
          agentId: route.agentId,
          first: CONVERSATION_PAGE,
          after,
        });
        const page = result.data.conversations;
        items.push(...page.edges.map((edge) => edge.node));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      if (conversationsFor !== route.agentId) return;
      into.replaceChildren(
        ...(items.length
          ? items.map((c) =>
              h(
                'a',
                {
                  href: `#agent=${encodeURIComponent(route.agentId!)}&conversation=${encodeURIComponent(c.id)}`,
                  class: 'item',
                  'data-conversation-id': c.id,
                },
                h('span', { class: 'item-title' }, `${c.channel.name} · ${pageLabel(c.page)}`),
                h('span', { class: 'item-meta' }, `${when(c.startedAt)} · ${c.userId}`),
                h(
                  'span',
                  { class: 'item-meta activity', 'data-turn-count': c.turnCount },
                  `${c.turnCount} ${c.turnCount === 1 ? 'turn' : 'turns'} · last activity ${when(c.lastActivityAt)}`,
                ),
              ),
            )
          : [h('p', { class: 'muted' }, 'No conversations yet.')]),
      );
    } catch (error) {
      conversationsFor = null;
      return failure(error, into);
    }
  }
  into.querySelectorAll<HTMLElement>('[data-conversation-id]').forEach((item) => {
    item.classList.toggle('selected', item.dataset.conversationId === route.conversationId);
  });
}

let detailFor: string | null = null;

async function renderDetail(route: Route, into: HTMLElement): Promise<void> {
  if (!route.conversationId) {
    detailFor = null;
    into.replaceChildren(
      h('p', { class: 'placeholder' }, route.agentId ? 'Choose a conversation.' : 'Choose an agent, then one of its conversations.'),
    );
    return;
  }
  if (detailFor === route.conversationId) return;
  detailFor = route.conversationId;
  into.replaceChildren(h('p', { class: 'muted' }, 'Loading the conversation…'));
  try {
    const { conversation, turns, invalidationErrors } = await loadConversation(route.conversationId);
    if (detailFor !== route.conversationId) return;
    if (!conversation) {
      into.replaceChildren(h('p', { class: 'placeholder' }, 'No such conversation in this organisation.'));
      return;
    }
    // The turn that first showed each run of identical toolboxes, which later turns of the run point back to.
    const shownIn: number[] = [];
    turns.forEach((turn, i) => {
      const previous = turns[i - 1];
      shownIn.push(previous && previous.toolbox.fingerprint === turn.toolbox.fingerprint ? shownIn[i - 1] : turn.index);
    });
    into.replaceChildren(
      conversationHeader(conversation, turns.length),
      h('div', { class: 'overview' }, chartCard(turns), droppedCard(conversation, turns.at(-1)), rulesCard(conversation)),
      h(
        'section',
        { class: 'turns' },
        ...turns.map((turn, i) => turnCard(turn, turns[i - 1], shownIn[i], invalidationErrors.get(turn.id))),
      ),
    );
    // Picked from the list below it on a narrow screen: bring the conversation into view.
    const top = into.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) into.scrollIntoView({ block: 'start' });
  } catch (error) {
    detailFor = null;
    failure(error, into);
  }
}

async function loadConversation(id: string) {
  const turns: Turn[] = [];
  const invalidationErrors = new Map<string, string>();
  let conversation: Conversation | null = null;
  let after: string | null = null;
  do {
    const result: ConversationResult = await request(DebuggerConversationDocument, { id, after });
    const { data, partialErrors } = result;
    if (!data.conversation) break;
    conversation = data.conversation;
    const page = data.conversation.turns;
    // A turn whose invalidation could not be read keeps the rest of its data; the card says why the link is missing.
    for (const error of partialErrors) {
      const edge = invalidationEdge(error);
      if (edge === null) throw new RequestFailed(error.message, error.extensions?.code);
      invalidationErrors.set(page.edges[edge].node.id, error.message);
    }
    turns.push(...page.edges.map((e) => e.node));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return { conversation, turns, invalidationErrors };
}

function invalidationEdge(error: GraphQLErrorLike): number | null {
  const path = error.path ?? [];
  const [root, turnsField, edges, index, node, field] = path;
  const matches = root === 'conversation' && turnsField === 'turns' && edges === 'edges' && node === 'node' && field === 'invalidation';
  return matches && path.length === 6 && typeof index === 'number' ? index : null;
}

function conversationHeader(conversation: Conversation, turnCount: number): HTMLElement {
  const fact = (label: string, value: string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
  // On a narrow screen the conversation comes first and the lists below it: one tap back to them.
  const back = h('button', { type: 'button', class: 'link back' }, '↓ Agents and conversations');
  back.addEventListener('click', () => document.querySelector('.sidebar')?.scrollIntoView({ block: 'start' }));
  return h(
    'section',
    { class: 'conversation-head' },
    back,
    h('h2', {}, `${conversation.agent.name} on ${conversation.channel.name}`),
    h(
      'dl',
      { class: 'facts' },
      fact('Model', conversation.agent.model),
      fact('Channel', conversation.channel.key),
      fact('Page', pageLabel(conversation.page)),
      fact('End user', conversation.userId),
      fact('Started', when(conversation.startedAt)),
      fact('Turns', String(turnCount)),
    ),
  );
}

const CHART = { width: 600, height: 210, top: 20, bottom: 24, left: 46, right: 6 };
const SEGMENTS = [
  { key: 'toolDefinitions', label: 'Tool definitions (estimated)', className: 'seg-tools' },
  { key: 'cached', label: 'Other cached input', className: 'seg-cached' },
  { key: 'cacheWrite', label: 'Other cache-write input', className: 'seg-write' },
  { key: 'other', label: 'Other input', className: 'seg-other' },
] as const;

function chartCard(turns: Turn[]): HTMLElement {
  const bars = splitInputTokens(turns.map((t) => ({ index: t.index, schemaTokens: t.toolbox.schemaTokens, usage: t.usage })));
  return h(
    'section',
    { class: 'card chart' },
    h('h3', {}, 'Input tokens per turn'),
    bars.some((b) => b.reported) ? tokenChart(bars) : h('p', { class: 'muted' }, 'No turn has reported its usage yet.'),
    h('ul', { class: 'legend' }, ...SEGMENTS.map((s) => h('li', {}, h('span', { class: `swatch ${s.className}` }), s.label))),
    usageTable(turns),
  );
}

/** The chart's figures and each turn's cost, readable without hovering; credits where the organisation pays in them. */
function usageTable(turns: Turn[]): HTMLElement {
  const credits = organization?.fundingModel === 'INCLUDED_CREDITS' || turns.some((t) => t.cost?.credits != null);
  const count = (n: number | undefined) => (n === undefined ? '–' : numbers.format(n));
  const head = (label: string, column: string) => h('th', { class: 'num', 'data-column': column }, label);
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'usage-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Turn'),
          head('Input', 'input'),
          head('Cached', 'cached'),
          head('Cache write', 'cache-write'),
          head('Output', 'output'),
          head('USD', 'usd'),
          credits ? head('Credits', 'credits') : null,
        ),
      ),
      h(
        'tbody',
        {},
        ...turns.map((t) =>
          h(
            'tr',
            { 'data-turn': t.index },
            h('td', {}, `T${t.index}`),
            h('td', { class: 'num' }, count(t.usage?.inputTokens)),
            h('td', { class: 'num' }, count(t.usage?.cachedInputTokens)),
            h('td', { class: 'num' }, count(t.usage?.cacheWriteTokens)),
            h('td', { class: 'num' }, count(t.usage?.outputTokens)),
            h('td', { class: 'num' }, t.cost?.amountUsd != null ? `$${t.cost.amountUsd.toFixed(4)}` : '–'),
            credits ? h('td', { class: 'num', 'data-column': 'credits' }, t.cost?.credits != null ? t.cost.credits.toFixed(2) : '–') : null,
          ),
        ),
      ),
    ),
  );
}

/** Stacked bars on round ticks, each labelled with its total; a turn without usage is a labelled gap. Fills its card. */
function tokenChart(bars: InputSplit[]): SVGElement {
  const ticks = roundTicks(Math.max(0, ...bars.map((b) => (b.reported ? b.total : 0))));
  const max = ticks.at(-1)!;
  const plot = CHART.height - CHART.top - CHART.bottom;
  const y = (value: number) => CHART.top + plot - (value / max) * plot;
  const slot = (CHART.width - CHART.left - CHART.right) / bars.length;
  const barWidth = Math.min(44, slot * 0.62);
  // With many turns only every few are labelled, so labels never overlap.
  const labelEvery = Math.ceil(26 / slot);
  const grid = ticks.map((value) =>
    svg(
      'g',
      { class: 'grid' },
      svg('line', { x1: CHART.left - 4, x2: CHART.width, y1: y(value), y2: y(value) }),
      svg('text', { x: CHART.left - 8, y: y(value) + 4, 'text-anchor': 'end' }, numbers.format(value)),
    ),
  );
  const columns = bars.map((bar, i) => {
    const middle = CHART.left + slot * (i + 0.5);
    const x = middle - barWidth / 2;
    const label =
      i % labelEvery === 0
        ? svg('text', { class: 'x-label', x: middle, y: CHART.height - 6, 'text-anchor': 'middle' }, `T${bar.turn}`)
        : null;
    if (!bar.reported) {
      return svg(
        'g',
        { class: 'bar gap', 'data-turn': bar.turn },
        svg('title', {}, `Turn ${bar.turn}: no usage reported`),
        svg('rect', { class: 'gap-outline', x, width: barWidth, y: CHART.top, height: plot }),
        slot >= 30 ? svg('text', { class: 'gap-label', x: middle, y: y(0) - 6, 'text-anchor': 'middle' }, 'no usage') : null,
        label,
      );
    }
    let base = 0;
    const segments = SEGMENTS.map((s) => {
      const value = bar[s.key];
      const rect = svg('rect', {
        class: s.className,
        x,
        width: barWidth,
        y: y(base + value),
        height: Math.max(y(base) - y(base + value), 0),
      });
      base += value;
      return rect;
    });
    const title =
      `Turn ${bar.turn}: ${numbers.format(bar.total)} input tokens — ` +
      SEGMENTS.map((s) => `${s.label.toLowerCase()} ${numbers.format(bar[s.key])}`).join(', ');
    return svg(
      'g',
      { class: 'bar', 'data-turn': bar.turn },
      svg('title', {}, title),
      ...segments,
      slot >= 26 ? svg('text', { class: 'value', x: middle, y: y(bar.total) - 5, 'text-anchor': 'middle' }, shortCount(bar.total)) : null,
      label,
    );
  });
  return svg(
    'svg',
    {
      class: 'token-chart',
      role: 'img',
      'aria-label': 'Input tokens per turn, split into tool definitions, cached, cache-write and other input',
      viewBox: `0 0 ${CHART.width} ${CHART.height}`,
      preserveAspectRatio: 'xMinYMin meet',
    },
    ...grid,
    ...columns,
  );
}

/** What the latest turn left out and why, as recorded with that turn. */
function droppedCard(conversation: Conversation, latest: Turn | undefined): HTMLElement {
  const dropped = latest?.toolbox.dropped ?? [];
  return h(
    'section',
    { class: 'card dropped' },
    h('h3', {}, 'Dropped tools'),
    latest
      ? h(
          'p',
          { class: 'note' },
          h('strong', {}, `As recorded with turn ${latest.index}`),
          ` on ${conversation.channel.name}, ${pageLabel(conversation.page)} page; each turn below lists its own.`,
        )
      : h('p', { class: 'muted' }, 'No turn yet.'),
    dropped.length
      ? h(
          'table',
          { class: 'dropped-table' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Tool'), h('th', {}, 'Why it is left out'))),
          h(
            'tbody',
            {},
            ...dropped.map((d) =>
              h(
                'tr',
                { 'data-reason': d.reason },
                h('td', { class: 'mono' }, d.name),
                h('td', {}, h('span', { class: 'reason' }, d.reason), ' ', DROP_REASONS[d.reason] ?? '', ruleNote(d.rule)),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'Nothing was left out.'),
  );
}

type DroppedRule = Turn['toolbox']['dropped'][number]['rule'];
type Rule = Conversation['agent']['permissionRules'][number];

const ruleName = (rule: NonNullable<DroppedRule>): string => `the ${rule.level === 'AGENT' ? "agent's" : "project's"} rule ${rule.subject}`;

/** EXCLUDED: which rule did it, so it can be found below and removed. */
const ruleNote = (rule: DroppedRule): HTMLElement | null => (rule ? h('span', { class: 'rule-note' }, ` By ${ruleName(rule)}.`) : null);

/** The agent's and its project's tool rules, each with the tools it matches now: a rule matching none acts on nothing yet. */
function rulesCard(conversation: Conversation): HTMLElement | null {
  const { agent } = conversation;
  const rules: Array<{ rule: Rule; on: string }> = [
    ...agent.permissionRules.map((rule) => ({ rule, on: 'agent' })),
    ...(agent.project?.permissionRules ?? []).map((rule) => ({ rule, on: `project ${agent.project!.name}` })),
  ];
  if (rules.length === 0) return null;
  return h(
    'section',
    { class: 'card rules' },
    h('h3', {}, 'Tool rules'),
    h(
      'table',
      { class: 'rules-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Rule'), h('th', {}, 'On'), h('th', {}, 'Matches now'))),
      h(
        'tbody',
        {},
        ...rules.map(({ rule, on }) =>
          h(
            'tr',
            { 'data-rule': rule.id, class: rule.matchingToolCount === 0 ? 'unmatched' : '' },
            h('td', { class: 'mono' }, `${rule.effect} ${rule.subject}`),
            h('td', {}, on),
            h(
              'td',
              {},
              rule.matchingToolCount === 0 ? 'no tool yet' : `${rule.matchingToolCount} ${rule.matchingToolCount === 1 ? 'tool' : 'tools'}`,
            ),
          ),
        ),
      ),
    ),
  );
}

function turnCard(turn: Turn, previous: Turn | undefined, shownIn: number, invalidationError: string | undefined): HTMLElement {
  const diff = turn.diff;
  const previousTools = new Map(previous?.toolbox.tools.map((t) => [t.name, t]) ?? []);
  const added = new Set(diff?.added ?? []);
  const changed = new Set(diff?.changed ?? []);
  const removed = diff?.removed ?? [];
  const previousTokens = new Map(previous?.toolbox.tools.map((t) => [t.name, t.schemaTokens]) ?? []);

  const status = !previous
    ? h('span', { class: 'badge' }, 'First turn')
    : turn.toolboxChanged
      ? h('span', { class: 'badge badge-changed' }, 'Toolbox changed')
      : h('span', { class: 'badge badge-same' }, 'Same toolbox');

  const rows = turn.toolbox.tools.map((tool) => {
    const state = added.has(tool.name) ? 'added' : changed.has(tool.name) ? 'changed' : null;
    const before = previousTokens.get(tool.name);
    return h(
      'tr',
      { class: state ? `row-${state}` : null, 'data-tool': tool.name },
      h('td', { class: 'num muted' }, tool.position),
      h(
        'td',
        {},
        h(
          'details',
          {},
          h('summary', {}, h('span', { class: 'mono' }, tool.name), state ? h('span', { class: `tag tag-${state}` }, state) : null),
          ...(state === 'changed' && previousTools.has(tool.name)
            ? changeView(previousTools.get(tool.name)!, tool, turn.index - 1)
            : [
                h('p', { class: 'description' }, tool.description),
                h('pre', { class: 'schema' }, JSON.stringify(tool.inputSchema, null, 2)),
              ]),
        ),
      ),
      h(
        'td',
        { class: 'num' },
        numbers.format(tool.schemaTokens),
        state === 'changed' && before !== undefined && before !== tool.schemaTokens
          ? h('span', { class: 'muted' }, ` (was ${numbers.format(before)})`)
          : null,
      ),
    );
  });
  const removedRows = removed.map((name) =>
    h(
      'tr',
      { class: 'row-removed', 'data-tool': name },
      h('td', { class: 'num muted' }, '–'),
      h('td', {}, h('span', { class: 'mono' }, name), h('span', { class: 'tag tag-removed' }, 'removed')),
      h('td', { class: 'num muted' }, previousTokens.has(name) ? numbers.format(previousTokens.get(name)!) : ''),
    ),
  );

  return h(
    'article',
    { class: turn.toolboxChanged ? 'card turn turn-changed' : 'card turn', 'data-turn': turn.index },
    h(
      'header',
      { class: 'turn-head' },
      h('h3', {}, `Turn ${turn.index}`),
      status,
      h('time', { datetime: turn.startedAt, class: 'muted' }, when(turn.startedAt)),
      h('span', { class: 'mono muted fingerprint', title: turn.toolbox.fingerprint }, turn.toolbox.fingerprint.slice(0, 12)),
    ),
    previous && turn.toolboxChanged ? why(turn, invalidationError) : null,
    diff && turn.toolboxChanged ? diffSummary(diff) : null,
    sameAsBefore(
      turn,
      shownIn,
      h(
        'table',
        { class: 'tools' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, 'Tool (click for its schema)'), h('th', { class: 'num' }, 'Tokens')),
        ),
        h('tbody', {}, ...rows, ...removedRows),
        h(
          'tfoot',
          {},
          h(
            'tr',
            {},
            h('td', {}),
            h('td', {}, `${turn.toolbox.toolCount} tools as the model saw them`),
            h('td', { class: 'num' }, numbers.format(turn.toolbox.schemaTokens)),
          ),
        ),
      ),
    ),
    leftOut(turn),
    usageLine(turn),
    providerUsageView(turn),
  );
}

/** A toolbox equal to the one a turn before showed is one line, opened on demand. */
function sameAsBefore(turn: Turn, shownIn: number, table: HTMLElement): HTMLElement {
  if (shownIn === turn.index) return table;
  const count = turn.toolbox.toolCount;
  return h(
    'details',
    { class: 'same-toolbox' },
    h('summary', {}, `Same ${count} ${count === 1 ? 'tool' : 'tools'} as turn ${shownIn}`),
    table,
  );
}

/** What changed in a tool since the previous turn: its description and schema, before and after, line by line. */
function changeView(before: Tool, after: Tool, previousIndex: number): HTMLElement[] {
  const lines = (a: string, b: string, className: string) =>
    h(
      'pre',
      { class: `text-diff ${className}`, 'aria-label': `Turn ${previousIndex} against this turn` },
      ...diffLines(a, b).map((line) =>
        h('span', { class: `line line-${line.kind}` }, `${{ same: '  ', added: '+ ', removed: '- ' }[line.kind]}${line.text}\n`),
      ),
    );
  const schema = (tool: Tool) => JSON.stringify(tool.inputSchema, null, 2);
  return [
    h(
      'p',
      { class: 'muted change-note' },
      `Changed since turn ${previousIndex}: `,
      h('span', { class: 'line-removed' }, '− before'),
      ' ',
      h('span', { class: 'line-added' }, '+ after'),
    ),
    before.description === after.description
      ? h('p', { class: 'description' }, after.description)
      : lines(before.description, after.description, 'description-diff'),
    schema(before) === schema(after)
      ? h('pre', { class: 'schema' }, schema(after))
      : lines(schema(before), schema(after), 'schema schema-diff'),
  ];
}

/** The turn's dropped tools in one line, each reason explained on hover. */
function leftOut(turn: Turn): HTMLElement | null {
  const dropped = turn.toolbox.dropped;
  if (dropped.length === 0) return null;
  return h(
    'p',
    { class: 'left-out muted' },
    'Left out: ',
    ...dropped.flatMap((d, i) => [
      i > 0 ? ', ' : null,
      h('span', { class: 'mono', title: DROP_REASONS[d.reason] ?? d.reason, 'data-reason': d.reason }, d.name),
      ` (${d.reason}${d.rule ? `: ${ruleName(d.rule)}` : ''})`,
    ]),
  );
}

function why(turn: Turn, invalidationError: string | undefined): HTMLElement {
  const inv = turn.invalidation;
  const events = turn.invalidations;
  if (inv && events.length > 0) {
    return h(
      'div',
      { class: 'why', 'data-invalidation-id': inv.id },
      h('strong', {}, events.length === 1 ? 'Why: ' : `Why: ${events.length} changes since the previous turn, oldest first`),
      h(
        events.length === 1 ? 'div' : 'ol',
        { class: 'why-events' },
        ...events.map(({ invalidation: e, diff }) =>
          h(
            events.length === 1 ? 'div' : 'li',
            { class: 'why-event', 'data-invalidation-id': e.id, 'data-cause': e.cause },
            CAUSES[e.cause] ?? e.cause,
            h('span', { class: 'muted' }, ` (${e.cause})`),
            e.id === inv.id ? (inv.actor ? ` by ${inv.actor.name} (${inv.actor.role.toLowerCase()})` : ' by the platform') : null,
            ` at ${when(e.at)}, loadout version ${e.loadoutVersion}`,
            events.length === 1 ? '.' : diffSummary(diff, 'inline'),
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

function diffSummary(diff: NonNullable<Turn['diff']>, variant?: 'inline'): HTMLElement {
  const items = [
    ...diff.added.map((name) => h('li', { class: 'tag tag-added' }, `+ ${name}`)),
    ...diff.changed.map((name) => h('li', { class: 'tag tag-changed' }, `~ ${name}`)),
    ...diff.removed.map((name) => h('li', { class: 'tag tag-removed' }, `− ${name}`)),
    diff.reordered ? h('li', { class: 'tag' }, 'Order changed') : null,
  ];
  if (variant === 'inline' && items.every((item) => item === null))
    return h('span', { class: 'muted' }, ': no lasting effect on this turn');
  return h(
    'ul',
    { class: variant === 'inline' ? 'diff-summary inline' : 'diff-summary', 'aria-label': 'Changes from the previous turn' },
    ...items,
  );
}

function usageLine(turn: Turn): HTMLElement {
  const u = turn.usage;
  if (!u) return h('p', { class: 'usage muted' }, 'Not completed: no usage reported.');
  const parts = [
    `${numbers.format(u.inputTokens)} input`,
    `${numbers.format(u.cachedInputTokens)} cached`,
    `${numbers.format(u.cacheWriteTokens)} cache write`,
    `${numbers.format(u.outputTokens)} output tokens`,
  ];
  if (turn.cost) {
    parts.push(`tool definitions ${Math.round(turn.cost.toolDefinitionShare * 100)}% of input`);
    if (turn.cost.amountUsd !== null) parts.push(`$${turn.cost.amountUsd.toFixed(4)}`);
    if (turn.cost.credits !== null) parts.push(`${turn.cost.credits.toFixed(2)} credits`);
  }
  return h('p', { class: 'usage' }, parts.join(' · '));
}

/** The provider's usage object the figures above were read from, where the runtime sent one. */
function providerUsageView(turn: Turn): HTMLElement | null {
  const sent = turn.providerUsage;
  if (!sent) return null;
  return h(
    'details',
    { class: 'provider-usage' },
    h('summary', {}, `Provider usage as sent (${sent.format})`),
    h('pre', { class: 'schema' }, JSON.stringify(sent.usage, null, 2)),
  );
}

if (storedKey()) void showShell();
else showKeyForm();
