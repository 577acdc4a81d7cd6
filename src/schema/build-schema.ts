import { createPubSub } from '@graphql-yoga/subscription';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { AgentResolver, PermissionRuleFieldsResolver } from '../agents/agent.resolver';
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
import { AgentInvalidationsResolver, InvalidationResolver, TurnInvalidationResolver } from '../invalidation/invalidation.resolver';
import { OrganizationResolver, PrincipalFieldsResolver, ProjectFieldsResolver } from '../organizations/organization.resolver';
import { DroppedToolFieldsResolver, ToolboxEntryFieldsResolver, ToolboxResolver } from '../toolbox/toolbox.resolver';
import { McpServerResolver } from '../tools/mcp-server.resolver';
import { MiniAppResolver } from '../tools/mini-app.resolver';
import { ToolDefinitionResolver } from '../tools/tool-definition.resolver';
import { UsageResolver } from '../usage/usage.resolver';

export const resolvers = [
  OrganizationResolver,
  PrincipalFieldsResolver,
  ProjectFieldsResolver,
  CatalogueResolver,
  AgentResolver,
  PermissionRuleFieldsResolver,
  ToolDefinitionResolver,
  MiniAppResolver,
  McpServerResolver,
  ToolboxResolver,
  ToolboxEntryFieldsResolver,
  DroppedToolFieldsResolver,
  ConversationResolver,
  ConversationFieldsResolver,
  TurnFieldsResolver,
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

export function buildLoadoutSchema(pubSub: PubSub = createPubSub()): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    authChecker: AuthChecker,
    validateFn: validateArgs,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    pubSub,
  });
}

/** The SDL checked in at schema/schema.graphql: sorted, so it diffs cleanly. */
export function printLoadoutSchema(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
