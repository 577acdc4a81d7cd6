import fs from 'node:fs';
import path from 'node:path';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { projectRoot } from '../../src/common/project-root';

// What the Apollo Client spec sends: the toolbox through the fragment docs/typed-clients.md prints, and one query per connection.

const PAGE = fs.readFileSync(path.join(projectRoot(), 'docs', 'typed-clients.md'), 'utf8');
/** The fragment as docs/typed-clients.md prints it; empty when the page no longer prints it. */
export const PRINTED_FRAGMENT = /```graphql\n(fragment ToolboxParts on ToolboxContent \{\n[\s\S]*?)```/.exec(PAGE)?.[1] ?? '';

const doc = <Data, Variables extends Record<string, unknown>>(text: string): TypedDocumentNode<Data, Variables> => gql(text);

/** What the printed fragment selects. */
export interface ToolboxParts {
  __typename?: string;
  id: string;
  fingerprint: string;
  tools: Array<{ position: number; name: string; contentHash: string; schemaTokens: number }>;
  dropped: Array<{ name: string; reason: string; rule: { subject: string } | null; shadowedBy: { id: string; name: string } | null }>;
}

type Situation = { agentId: string; channel: string };

export const PREVIEW = doc<{ toolbox: ToolboxParts }, Situation>(`
  query Preview($agentId: ID!, $channel: String!) { toolbox(agentId: $agentId, channel: $channel) { ...ToolboxParts } }
  ${PRINTED_FRAGMENT}`);
export const PREVIEW_SIZE = doc<{ toolbox: { id: string; toolCount: number } }, Situation>(`
  query PreviewSize($agentId: ID!, $channel: String!) { toolbox(agentId: $agentId, channel: $channel) { id toolCount } }`);
export const START = doc<{ startConversation: { id: string } }, { agentId: string }>(`
  mutation Start($agentId: ID!) { startConversation(input: { agentId: $agentId, channel: "web" }) { id } }`);
export const BEGIN = doc<{ beginTurn: { id: string; index: number; toolbox: ToolboxParts } }, { conversationId: string }>(`
  mutation Begin($conversationId: ID!) { beginTurn(conversationId: $conversationId) { id index toolbox { ...ToolboxParts } } }
  ${PRINTED_FRAGMENT}`);
/** A cached turn, read with `fragmentName: 'TurnRead'`. */
export const TURN = gql(`fragment TurnRead on Turn { id index toolbox { ...ToolboxParts } } ${PRINTED_FRAGMENT}`);
export const AGENT = doc<{ agent: { id: string; name: string; loadoutVersion: number } }, { id: string }>(`
  query Agent($id: ID!) { agent(id: $id) { id name loadoutVersion } }`);
export const INVALIDATED = doc<{ toolboxInvalidated: { id: string; loadoutVersion: number } }, { agentId: string }>(`
  subscription Invalidated($agentId: ID) { toolboxInvalidated(agentId: $agentId) { id cause loadoutVersion agent { id loadoutVersion } } }`);

/** A page of any connection, as the queries below select it. */
export interface Page {
  totalCount: number;
  edges: Array<{ cursor: string; node: { id: string } }>;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

export interface ConnectionQuery {
  /** Type.field of the connection. */
  name: string;
  /** Takes `$first` and `$after`; graphql-tag wants each fragment name once, so each has its own. */
  query: string;
  variables: Record<string, unknown>;
  /** The connection in the query's data. */
  page: (data: Record<string, unknown>) => Page;
}

const selection = (fragment: string) => `totalCount edges { cursor node { id ...${fragment} } } pageInfo { endCursor hasNextPage }`;

/** One query per connection of the schema, for an agent and one of its conversations. */
export function connectionQueries(agentId: string, conversationId: string): ConnectionQuery[] {
  return [
    {
      name: 'Query.agentsPage',
      query: `query($first: Int, $after: String) { agentsPage(first: $first, after: $after) { ${selection('AgentNode')} } }
        fragment AgentNode on Agent { name }`,
      variables: {},
      page: (d) => d.agentsPage as Page,
    },
    {
      name: 'Query.toolDefinitionsPage',
      query: `query($first: Int, $after: String) { toolDefinitionsPage(first: $first, after: $after) { ${selection('ToolNode')} } }
        fragment ToolNode on ToolDefinition { name }`,
      variables: {},
      page: (d) => d.toolDefinitionsPage as Page,
    },
    {
      name: 'Query.conversations',
      query: `query($agentId: ID!, $first: Int, $after: String) {
          conversations(agentId: $agentId, first: $first, after: $after) { ${selection('ConversationNode')} }
        }
        fragment ConversationNode on Conversation { turnCount }`,
      variables: { agentId },
      page: (d) => d.conversations as Page,
    },
    {
      name: 'Query.toolboxInvalidations',
      query: `query($agentId: ID, $first: Int, $after: String) {
          toolboxInvalidations(agentId: $agentId, first: $first, after: $after) { ${selection('InvalidationNode')} }
        }
        fragment InvalidationNode on ToolboxInvalidation { cause loadoutVersion }`,
      variables: { agentId },
      page: (d) => d.toolboxInvalidations as Page,
    },
    {
      name: 'Agent.invalidations',
      query: `query($id: ID!, $first: Int, $after: String) {
          agent(id: $id) { id invalidations(first: $first, after: $after) { ${selection('AgentInvalidationNode')} } }
        }
        fragment AgentInvalidationNode on ToolboxInvalidation { cause }`,
      variables: { id: agentId },
      page: (d) => (d.agent as { invalidations: Page }).invalidations,
    },
    {
      name: 'Conversation.turns',
      query: `query($id: ID!, $first: Int, $after: String) {
          conversation(id: $id) { id turns(first: $first, after: $after) { ${selection('TurnNode')} } }
        }
        fragment TurnNode on Turn { index toolbox { id fingerprint } }`,
      variables: { id: conversationId },
      page: (d) => (d.conversation as { turns: Page }).turns,
    },
  ];
}
