import { ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AgentType, ToolRuleInput, UpdateAgentInput } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { InvalidationCauseEnum } from '../loadout/edge';
import { Connection } from '../common/pagination';
import { ID_TEXT } from '../common/schema-text';
import { ToolboxDiffType } from '../conversations/conversation.types';
import { PrincipalType } from '../organizations/organization.types';
import { PageObjectType } from '../toolbox/toolbox.types';
import { McpServerToolsPatch } from '../tools/mcp-server.types';
import { ToolDefinitionInput, UpdateToolDefinitionInput } from '../tools/tool.types';

@ObjectType('AffectedToolbox', {
  description: "One situation whose toolbox a change altered: the agent's toolbox there before and after (docs/semantics.md §5.2).",
})
export class AffectedToolboxType {
  @Field(() => ChannelType, { description: 'The channel of the situation.' }) channel: ChannelType;
  @Field(() => PageObjectType, { description: 'The page of the situation (its record id is always null).' }) page: PageObjectType;
  @Field({ description: 'The fingerprint before the change: what a provider may have cached.' }) previousFingerprint: string;
  @Field({ description: 'The fingerprint after the change.' }) newFingerprint: string;
  @Field(() => ToolboxDiffType, { description: 'The toolbox after the change against the one before.' }) diff: ToolboxDiffType;
}

@ObjectType('ToolboxInvalidation', { description: 'Emitted once per agent per committed change that alters what the model sees.' })
export class ToolboxInvalidationType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  organizationId: string;
  agentId: string;
  projectId: string | null;
  actorPrincipalId: string | null;
  @Field(() => AgentType, { description: 'The agent whose toolboxes changed.' }) agent: AgentType;
  @Field({ description: 'When the change was made.' }) at: Date;
  @Field(() => InvalidationCauseEnum, { description: 'The kind of change.' }) cause: InvalidationCauseEnum;
  @Field(() => PrincipalType, { nullable: true, description: 'Who made the change; null once that principal no longer exists.' })
  actor: PrincipalType | null;
  @Field(() => Int, { description: "The agent's loadoutVersion after the change." }) loadoutVersion: number;
  affected: AffectedToolboxType[];
}

@ObjectType('TurnInvalidation', {
  description:
    "An event between the previous turn and this one that changed this turn's situation, with the part of the turn's diff it caused.",
})
export class TurnInvalidationType {
  @Field(() => ToolboxInvalidationType, { description: 'The event.' }) invalidation: ToolboxInvalidationType;
  @Field(() => AffectedToolboxType, { description: "The event's own change of this turn's situation (channel and page)." })
  affected: AffectedToolboxType;
  @Field(() => ToolboxDiffType, {
    description: "The entries of this turn's diff naming a tool this event added, removed or changed; empty where a later event undid it.",
  })
  diff: ToolboxDiffType;
}

@ObjectType('ToolboxInvalidationConnection', { description: 'A page of invalidation events, newest first.' })
export class ToolboxInvalidationConnectionType extends Connection(ToolboxInvalidationType) {}

@ObjectType('ChangeSetResult', { description: 'What a change set did, or with dryRun would do (docs/semantics.md §5.4).' })
export class ChangeSetResultType {
  @Field(() => [ToolboxInvalidationType], {
    description: 'One per agent whose toolbox changed; empty where nothing the model sees changed.',
  })
  invalidations: ToolboxInvalidationType[];
  @Field(() => Int, {
    description: 'Conversations of the changed agents that had a turn in the last 24 hours: the ones whose next request misses the cache.',
  })
  liveConversations: number;
  @Field(() => Int, {
    description:
      "Schema tokens the providers' prompt caches must write again: per changed situation, the new toolbox from its first changed position on.",
  })
  rewrittenToolTokens: number;
}

@InputType('UpdateToolChange', { description: 'updateToolDefinition inside a change set.' })
export class UpdateToolChange {
  @Field(() => ID, { description: 'The tool definition to change.' }) id: string;
  @Field(() => UpdateToolDefinitionInput, { description: 'The fields to change.' }) @ValidateNested() patch: UpdateToolDefinitionInput;
}

@InputType('UpdateAgentChange', { description: 'updateAgent inside a change set.' })
export class UpdateAgentChange {
  @Field(() => ID, { description: 'The agent to change.' }) id: string;
  @Field(() => UpdateAgentInput, { description: 'The settings to change.' }) @ValidateNested() patch: UpdateAgentInput;
}

@InputType('UpdateMcpServerChange', {
  description:
    "updateMcpServer inside a change set: the server's tool lists and whether it is enabled; its address changes through updateMcpServer alone.",
})
export class UpdateMcpServerChange {
  @Field(() => ID, { description: 'The MCP server to change.' }) id: string;
  @Field(() => McpServerToolsPatch, { description: 'The settings to change.' }) @ValidateNested() patch: McpServerToolsPatch;
}

@InputType('ExpectedLoadoutVersionInput', {
  description:
    "The version of one agent's loadout a change set was prepared against: the set applies only while the agent is still at it (docs/semantics.md §5.4).",
})
export class ExpectedLoadoutVersionInput {
  @Field(() => ID, { description: "The agent whose loadoutVersion is checked: one of the caller's organisation (NOT_FOUND otherwise)." })
  agentId: string;
  @Field(() => Int, { description: "The agent's loadoutVersion the change set was prepared against; any other is CONFLICT." })
  loadoutVersion: number;
}

@InputType('LoadoutChangeInput', { description: 'One change inside a change set; exactly one member is set.' })
export class LoadoutChangeInput {
  @Field(() => ToolDefinitionInput, { nullable: true, description: 'createToolDefinition.' })
  @ValidateNested()
  createTool?: ToolDefinitionInput;
  @Field(() => UpdateToolChange, { nullable: true, description: 'updateToolDefinition.' }) @ValidateNested() updateTool?: UpdateToolChange;
  @Field(() => ID, { nullable: true, description: 'deleteToolDefinition: the tool definition to delete.' }) deleteToolId?: string;
  @Field(() => ToolRuleInput, { nullable: true, description: 'setToolRule.' }) @ValidateNested() setToolRule?: ToolRuleInput;
  @Field(() => ID, { nullable: true, description: 'removeToolRule: the permission rule to remove.' }) removeToolRuleId?: string;
  @Field(() => UpdateAgentChange, { nullable: true, description: 'updateAgent.' }) @ValidateNested() updateAgent?: UpdateAgentChange;
  @Field(() => UpdateMcpServerChange, { nullable: true, description: "updateMcpServer: the server's tool lists and enabled." })
  @ValidateNested()
  updateMcpServer?: UpdateMcpServerChange;
}
