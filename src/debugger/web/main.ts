import { forgetKey, request, RequestFailed, storedKey, storeKey, type GraphQLErrorLike, type Result } from './api';
import { chartCard } from './chart-card';
import { h } from './dom';
import { diffLines } from './text-diff';
import { actorText, CAUSES, droppedDiffers, dropSentence, effectPhrase, scopeOf, type DefinitionScope, type DropFacts } from './wording';
import {
  DebuggerAgentsDocument,
  DebuggerConversationDocument,
  DebuggerConversationsDocument,
  DebuggerShadowWinnerDocument,
  type DebuggerConversationQuery,
  type DebuggerConversationsQuery,
  type DebuggerAgentsQuery,
  type FundingModel,
} from './generated/graphql';

type Conversation = NonNullable<DebuggerConversationQuery['conversation']>;
type Turn = Conversation['turns']['edges'][number]['node'];
type Page = Conversation['page'];
type Tool = Turn['toolbox']['tools'][number];
type Organization = DebuggerAgentsQuery['me']['organization'];
type ConversationResult = Result<DebuggerConversationQuery>;
type ConversationsResult = Result<DebuggerConversationsQuery>;

const CONVERSATION_PAGE = 50;

const FUNDING: Record<FundingModel, string> = {
  INCLUDED_CREDITS: 'AI included: usage paid in credits',
  BRING_YOUR_OWN: 'Bring your own AI: billed by the provider',
};

const app = document.getElementById('app')!;
/** The organisation of the key in use, read with the agents. */
let organization: Organization | null = null;
/** Where each definition that shadowed a tool in the conversation shown sits, by id. */
let winnerScopes = new Map<string, DefinitionScope>();
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
/** The listed agent's conversation with the latest activity, which choosing the agent opens. */
let latestConversation: string | null = null;

async function renderConversations(route: Route, into: HTMLElement): Promise<void> {
  if (!route.agentId) {
    conversationsFor = null;
    latestConversation = null;
    into.replaceChildren(h('p', { class: 'muted' }, 'Choose an agent.'));
    return;
  }
  if (conversationsFor !== route.agentId) {
    conversationsFor = route.agentId;
    latestConversation = null;
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
      latestConversation =
        items.reduce<(typeof items)[number] | null>((latest, c) => (!latest || c.lastActivityAt > latest.lastActivityAt ? c : latest), null)
          ?.id ?? null;
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
  if (!route.conversationId && latestConversation) {
    // Replaced, not pushed: going back leaves the debugger rather than landing on the agent with nothing open.
    location.replace(`#agent=${encodeURIComponent(route.agentId)}&conversation=${encodeURIComponent(latestConversation)}`);
    return;
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
    const scopes = await loadWinnerScopes(turns);
    if (detailFor !== route.conversationId) return;
    winnerScopes = scopes;
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
      h(
        'div',
        { class: 'overview' },
        chartCard(turns, organization?.fundingModel),
        droppedCard(conversation, turns.at(-1)),
        rulesCard(conversation),
      ),
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

/** Where the winners of the conversation's shadowings sit, one request per distinct winner; a deleted one is left out. */
async function loadWinnerScopes(turns: Turn[]): Promise<Map<string, DefinitionScope>> {
  const ids = new Set(turns.flatMap((t) => t.toolbox.dropped.flatMap((d) => (d.shadowedBy ? [d.shadowedBy.id] : []))));
  const found = await Promise.all([...ids].map((id) => request(DebuggerShadowWinnerDocument, { id })));
  return new Map(
    found.flatMap(({ data }) => (data.toolDefinition ? [[data.toolDefinition.id, scopeOf(data.toolDefinition)] as const] : [])),
  );
}

/** A dropped tool as the sentences read it, its winner placed. */
const dropFacts = (d: Turn['toolbox']['dropped'][number]): DropFacts => ({
  ...d,
  shadowedBy: d.shadowedBy ? { name: d.shadowedBy.name, scope: winnerScopes.get(d.shadowedBy.id) } : null,
});

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
                h('td', {}, h('span', { class: 'reason' }, d.reason), ' ', h('span', { class: 'drop-why' }, dropSentence(dropFacts(d)))),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'Nothing was left out.'),
  );
}

type Rule = Conversation['agent']['permissionRules'][number];

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
    leftOut(turn, previous),
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

/**
 * What the turn left out, in one line, only where it differs from the turn
 * before (the first turn's always): a run of equal turns lists it once.
 */
function leftOut(turn: Turn, previous: Turn | undefined): HTMLElement | null {
  const dropped = turn.toolbox.dropped.map(dropFacts);
  if (!droppedDiffers(previous?.toolbox.dropped.map(dropFacts), dropped)) return null;
  if (dropped.length === 0) return h('p', { class: 'left-out muted' }, 'Left out: nothing, unlike the turn before.');
  return h(
    'p',
    { class: 'left-out muted' },
    'Left out: ',
    ...dropped.flatMap((d, i) => [
      i > 0 ? ', ' : null,
      h('span', { class: 'mono', title: dropSentence(d), 'data-reason': d.reason }, d.name),
      ` (${d.reason})`,
    ]),
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

function why(turn: Turn, invalidationError: string | undefined): HTMLElement {
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

function diffSummary(diff: NonNullable<Turn['diff']>): HTMLElement {
  const items = [
    ...diff.added.map((name) => h('li', { class: 'tag tag-added' }, `+ ${name}`)),
    ...diff.changed.map((name) => h('li', { class: 'tag tag-changed' }, `~ ${name}`)),
    ...diff.removed.map((name) => h('li', { class: 'tag tag-removed' }, `− ${name}`)),
    diff.reordered ? h('li', { class: 'tag' }, 'Order changed') : null,
  ];
  return h('ul', { class: 'diff-summary', 'aria-label': 'Changes from the previous turn' }, ...items);
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
