import { AgentEntity } from './agents/agent.entity';
import { PermissionRuleEntity } from './agents/permission-rule.entity';
import { ChannelEntity } from './catalogue/channel.entity';
import { ContextObjectEntity } from './catalogue/context-object.entity';
import { ConversationEntity } from './conversations/conversation.entity';
import { ModelPriceEntity } from './conversations/model-price.entity';
import { SnapshotToolEntity, ToolboxSnapshotEntity, ToolContentEntity } from './conversations/toolbox-snapshot.entity';
import { TurnEntity } from './conversations/turn.entity';
import { OrganizationEntity } from './organizations/organization.entity';
import { PrincipalEntity } from './organizations/principal.entity';
import { ProjectEntity } from './organizations/project.entity';
import { InvalidationAffectedSetEntity, ToolboxInvalidationEntity } from './invalidation/toolbox-invalidation.entity';
import { McpServerEntity } from './tools/mcp-server.entity';
import { McpProbeEntity } from './tools/mcp-probe.entity';
import { MiniAppEntity } from './tools/mini-app.entity';
import { ToolDefinitionEntity } from './tools/tool-definition.entity';
import { ScopeTurnDayEntity } from './usage/scope-turn-day.entity';
import { ToolCallKeyEntity } from './usage/tool-call-key.entity';
import { ToolCallEntity } from './usage/tool-call.entity';
import { ExpiredToolCallEntity } from './usage/expired-tool-call.entity';
import { CallLogHorizonEntity } from './usage/call-log-horizon.entity';
import { ToolUsageEntity } from './usage/tool-usage.entity';

/** Every table the migrations create. A spec fails when the two drift. */
export const entities = [
  OrganizationEntity,
  PrincipalEntity,
  ProjectEntity,
  ChannelEntity,
  ContextObjectEntity,
  AgentEntity,
  PermissionRuleEntity,
  MiniAppEntity,
  McpServerEntity,
  McpProbeEntity,
  ToolDefinitionEntity,
  ConversationEntity,
  ToolboxSnapshotEntity,
  ToolContentEntity,
  SnapshotToolEntity,
  TurnEntity,
  ModelPriceEntity,
  ToolboxInvalidationEntity,
  InvalidationAffectedSetEntity,
  ToolUsageEntity,
  ToolCallEntity,
  ExpiredToolCallEntity,
  CallLogHorizonEntity,
  ToolCallKeyEntity,
  ScopeTurnDayEntity,
];
