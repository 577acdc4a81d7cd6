import { ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AgentType, ToolRuleInput, UpdateAgentInput } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { InvalidationCauseEnum } from '../common/enums';
import { Connection } from '../common/pagination';
import { ToolboxDiffType } from '../conversations/conversation.types';
import { PrincipalType } from '../organizations/organization.types';
import { PageObjectType } from '../toolbox/toolbox.types';
import { ToolDefinitionInput, UpdateToolDefinitionInput } from '../tools/tool.types';

@ObjectType('AffectedToolbox')
export class AffectedToolboxType {
  @Field(() => ChannelType) channel: ChannelType;
  @Field(() => PageObjectType) page: PageObjectType;
  @Field() previousFingerprint: string;
  @Field() newFingerprint: string;
  @Field(() => ToolboxDiffType) diff: ToolboxDiffType;
}

@ObjectType('ToolboxInvalidation', { description: 'Emitted once per agent per committed change that alters what the model sees.' })
export class ToolboxInvalidationType {
  @Field(() => ID) id: string;
  organizationId: string;
  agentId: string;
  projectId: string | null;
  actorPrincipalId: string | null;
  @Field(() => AgentType) agent: AgentType;
  @Field() at: Date;
  @Field(() => InvalidationCauseEnum) cause: InvalidationCauseEnum;
  @Field(() => PrincipalType, { nullable: true }) actor: PrincipalType | null;
  @Field(() => Int) loadoutVersion: number;
  affected: AffectedToolboxType[];
}

@ObjectType('TurnInvalidation', {
  description:
    "An event between the previous turn and this one that changed this turn's situation, with the part of the turn's diff it caused.",
})
export class TurnInvalidationType {
  @Field(() => ToolboxInvalidationType) invalidation: ToolboxInvalidationType;
  @Field(() => AffectedToolboxType, { description: "The event's own change of this turn's situation (channel and page)." })
  affected: AffectedToolboxType;
  @Field(() => ToolboxDiffType, {
    description: "The entries of this turn's diff naming a tool this event added, removed or changed; empty where a later event undid it.",
  })
  diff: ToolboxDiffType;
}

@ObjectType('ToolboxInvalidationConnection')
export class ToolboxInvalidationConnectionType extends Connection(ToolboxInvalidationType) {}

@ObjectType('ChangeSetResult')
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

@InputType('UpdateToolChange')
export class UpdateToolChange {
  @Field(() => ID) id: string;
  @Field(() => UpdateToolDefinitionInput) @ValidateNested() patch: UpdateToolDefinitionInput;
}

@InputType('UpdateAgentChange')
export class UpdateAgentChange {
  @Field(() => ID) id: string;
  @Field(() => UpdateAgentInput) @ValidateNested() patch: UpdateAgentInput;
}

@InputType('LoadoutChangeInput', { description: 'One change inside a change set; exactly one member is set.' })
export class LoadoutChangeInput {
  @Field(() => ToolDefinitionInput, { nullable: true }) @ValidateNested() createTool?: ToolDefinitionInput;
  @Field(() => UpdateToolChange, { nullable: true }) @ValidateNested() updateTool?: UpdateToolChange;
  @Field(() => ID, { nullable: true }) deleteToolId?: string;
  @Field(() => ToolRuleInput, { nullable: true }) @ValidateNested() setToolRule?: ToolRuleInput;
  @Field(() => ID, { nullable: true }) removeToolRuleId?: string;
  @Field(() => UpdateAgentChange, { nullable: true }) @ValidateNested() updateAgent?: UpdateAgentChange;
}
