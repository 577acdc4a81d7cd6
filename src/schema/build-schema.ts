import { createPubSub } from '@graphql-yoga/subscription';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { AgentResolver, PermissionRuleFieldsResolver, ProjectFieldsResolver } from '../agents/agent.resolver';
import { BudgetResolver } from '../budget/budget.resolver';
import { CatalogueResolver } from '../catalogue/catalogue.resolver';
import { AuthChecker } from '../common/auth-checker';
import { validateArgs } from '../common/validate-args';
import '../common/enums';
import {
  ConversationFieldsResolver, ConversationResolver, SnapshotDroppedToolFieldsResolver, SnapshotFieldsResolver, SnapshotToolFieldsResolver, TurnFieldsResolver,
} from '../conversations/conversation.resolver';
import { DateTimeScalar } from '../common/scalars';
import { ConversationListResolver } from '../conversations/conversation-list.resolver';
import { TurnCallsResolver } from '../conversations/turn-calls.resolver';
import { TurnMcpInventoryResolver } from '../conversations/turn-mcp-inventory.resolver';
import { TurnNotListedResolver } from '../conversations/turn-not-listed.resolver';
import { ToolboxLastTurnResolver } from '../conversations/toolbox-last-turn.resolver';
import { AgentInvalidationsResolver, InvalidationResolver, TurnInvalidationResolver } from '../invalidation/invalidation.resolver';
import { OrganizationResolver, PrincipalFieldsResolver } from '../organizations/organization.resolver';
import { AgentToolboxFieldResolver, DroppedToolFieldsResolver, ToolboxEntryFieldsResolver, ToolboxResolver } from '../toolbox/toolbox.resolver';
import { McpServerResolver } from '../tools/mcp-server.resolver';
import { McpProbeResolver } from '../probes/mcp-probe.resolver';
import { MiniAppResolver } from '../tools/mini-app.resolver';
import { ToolDefinitionResolver } from '../tools/tool-definition.resolver';
import { UsageResolver } from '../usage/usage.resolver';

export const resolvers = [
  OrganizationResolver,
  PrincipalFieldsResolver,
  ProjectFieldsResolver,
  CatalogueResolver,
  AgentResolver,
  AgentToolboxFieldResolver,
  PermissionRuleFieldsResolver,
  ToolDefinitionResolver,
  MiniAppResolver,
  McpServerResolver,
  McpProbeResolver,
  ToolboxResolver,
  ToolboxEntryFieldsResolver,
  DroppedToolFieldsResolver,
  ToolboxLastTurnResolver,
  ConversationResolver,
  ConversationFieldsResolver,
  TurnFieldsResolver,
  TurnMcpInventoryResolver,
  TurnNotListedResolver,
  TurnCallsResolver,
  SnapshotFieldsResolver,
  SnapshotToolFieldsResolver,
  SnapshotDroppedToolFieldsResolver,
  UsageResolver,
  BudgetResolver,
  InvalidationResolver,
  AgentInvalidationsResolver,
  TurnInvalidationResolver,
  ConversationListResolver,
] as const;

/**
 * The root types' descriptions. type-graphql builds the roots from the
 * resolver classes' operations and takes no description for them, so they
 * are set on the built schema.
 */
const ROOT_TEXT = {
  query:
    "Reads, each within the caller's organisation (docs/semantics.md §2.2). Every operation needs the role schema/permissions.txt lists; VIEWER reads everything here.",
  mutation:
    "Writes, each all or nothing. Every operation needs the role schema/permissions.txt lists; a change that alters a toolbox emits its invalidation (docs/semantics.md §5).",
  subscription: "Events pushed over graphql-ws, filtered to the caller's organisation.",
};

export async function buildLoadoutSchema(pubSub: PubSub = createPubSub()): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    authChecker: AuthChecker,
    validateFn: validateArgs,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    pubSub,
  });
  for (const [root, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const) {
    if (type) type.description = ROOT_TEXT[root];
  }
  return schema;
}

/** The SDL checked in at schema/schema.graphql: sorted, so it diffs cleanly. */
export function printLoadoutSchema(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
