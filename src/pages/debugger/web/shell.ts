import { request } from '../../web/api';
import { agentItems } from './agent-list';
import { conversationList } from './conversation-list';
import { conversationView } from './conversation-view';
import { h } from '../../web/dom';
import { failureShower } from '../../web/failure';
import { DebuggerAgentsDocument, type FundingModel } from './generated/graphql';
import { readRoute } from './route';

const FUNDING: Record<FundingModel, string> = {
  INCLUDED_CREDITS: 'AI included: usage paid in credits',
  BRING_YOUR_OWN: 'Bring your own AI: billed by the provider',
};

/**
 * The page once a key is stored: the organisation, its agents and their
 * conversations beside the one open, redrawn from the address whenever it
 * changes. `signOut` forgets the key and asks for another, saying why when
 * there is a `problem`.
 */
export async function showShell(app: HTMLElement, signOut: (problem?: string) => void): Promise<void> {
  const agents = h('nav', { class: 'list', 'aria-label': 'Agents' }, h('p', { class: 'muted' }, 'Loading…'));
  const conversations = h('nav', { class: 'list', 'aria-label': 'Conversations' }, h('p', { class: 'muted' }, 'Choose an agent.'));
  const detail = h(
    'main',
    { class: 'detail', id: 'detail' },
    h('p', { class: 'placeholder' }, 'Choose an agent, then one of its conversations.'),
  );
  const forget = h('button', { type: 'button', class: 'link' }, 'Forget key');
  forget.addEventListener('click', () => signOut());
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

  const showFailure = failureShower(signOut);
  let agentList;
  let organization;
  try {
    const { data } = await request(DebuggerAgentsDocument, {});
    agentList = data.agents;
    organization = data.me.organization;
  } catch (error) {
    return showFailure(error, agents);
  }
  orgLabel.replaceChildren(
    h('strong', {}, organization.name),
    ' · ',
    h('span', { class: 'funding', 'data-funding-model': organization.fundingModel }, FUNDING[organization.fundingModel]),
  );
  const listConversations = conversationList(conversations, showFailure);
  const showConversation = conversationView(detail, organization.fundingModel, showFailure);
  const render = () => {
    const route = readRoute();
    layout.classList.toggle('has-conversation', route.conversationId !== null);
    agents.replaceChildren(...agentItems(agentList, route.agentId));
    void listConversations(route);
    void showConversation(route);
  };
  window.onhashchange = render;
  render();
}
