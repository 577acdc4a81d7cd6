import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { lookupIdText, PROJECT_FILTER_TEXT, targetIdText } from '../common/schema-text';
import { AfterArg, FirstArg } from '../common/pagination';
import { ProjectType } from '../organizations/organization.types';
import { AgentConnectionType, AgentType, CreateAgentInput, PermissionRuleType, ToolRuleInput, UpdateAgentInput } from './agent.types';
import type { PermissionRuleEntity } from './permission-rule.entity';
import { ruleSubject } from '../loadout/rules';

const ruleView = (rule: PermissionRuleEntity) => ({ ...rule, subject: ruleSubject(rule.toolName) });

@Resolver(() => AgentType)
export class AgentResolver {
  @Authorized('VIEWER')
  @Query(() => [AgentType], { description: "The organisation's agents, oldest first." })
  agents(
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_FILTER_TEXT }) projectId: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.agentList.agents(actorOf(ctx), projectId);
  }

  @Authorized('VIEWER')
  @Query(() => AgentConnectionType, {
    description: 'What agents returns, in the same order (oldest first), a page at a time: first 0 to 100, 20 when absent.',
  })
  agentsPage(
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_FILTER_TEXT }) projectId: string | null,
    @FirstArg() first: number | null,
    @AfterArg() after: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.agentList.page(actorOf(ctx), projectId, first, after);
  }

  @Authorized('VIEWER')
  @Query(() => AgentType, { nullable: true, description: 'One agent by id.' })
  agent(@Arg('id', () => ID, { description: lookupIdText('agent') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.agent(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => AgentType, { description: 'A new agent; it affects no existing toolbox.' })
  createAgent(@Arg('input', { description: 'The agent to create.' }) input: CreateAgentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.create(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => AgentType, {
    description: "Changes an agent's settings; where its toolbox changes in some situation, one invalidation with cause AGENT_UPDATED.",
  })
  updateAgent(
    @Arg('id', () => ID, { description: targetIdText('agent') }) id: string,
    @Arg('input', { description: 'The settings to change.' }) input: UpdateAgentInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.agents.update(actorOf(ctx), id, input);
  }

  @Authorized('EDITOR')
  @Mutation(() => Boolean, {
    description: 'Deletes the agent with what is its own: its rules, agent-scoped tool definitions, conversations and invalidations. True.',
  })
  deleteAgent(@Arg('id', () => ID, { description: targetIdText('agent') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.delete(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => PermissionRuleType, {
    description:
      'Sets the rule for one subject on one agent or project (creating it, or replacing its effect). A DENY rule on an agent is an Edit Loadout exclusion.',
  })
  async setToolRule(@Arg('input', { description: 'The rule to set.' }) input: ToolRuleInput, @Ctx() ctx: RequestContext) {
    return ruleView(await ctx.services.agents.setToolRule(actorOf(ctx), input));
  }

  @Authorized('EDITOR')
  @Mutation(() => Boolean, { description: 'Removes a permission rule. True.' })
  removeToolRule(@Arg('id', () => ID, { description: targetIdText('permission rule') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.removeToolRule(actorOf(ctx), id);
  }

  @FieldResolver(() => ProjectType, {
    nullable: true,
    description: "The agent's project; null: none, and it carries only organisation-wide tools.",
  })
  project(@Root() agent: AgentType, @Ctx() ctx: RequestContext) {
    return agent.projectId ? loadersOf(ctx).project.load(agent.projectId) : null;
  }

  @FieldResolver(() => [String], { description: 'Tool names excluded by Edit Loadout; the same stored rules as DENY tool:<name>.' })
  async exclusions(@Root() agent: AgentType, @Ctx() ctx: RequestContext) {
    const rules = await loadersOf(ctx).agentRules.load(agent.id);
    return rules.filter((r) => r.effect === 'DENY').map((r) => r.toolName);
  }

  @FieldResolver(() => [PermissionRuleType], { description: "The rules set on this agent; its project's are on the project." })
  async permissionRules(@Root() agent: AgentType, @Ctx() ctx: RequestContext) {
    return (await loadersOf(ctx).agentRules.load(agent.id)).map(ruleView);
  }
}

@Resolver(() => PermissionRuleType)
export class PermissionRuleFieldsResolver {
  @FieldResolver(() => AgentType, { nullable: true, description: 'The agent the rule is set on; null for a project rule.' })
  agent(@Root() rule: PermissionRuleType, @Ctx() ctx: RequestContext) {
    return rule.agentId ? loadersOf(ctx).agent.load(rule.agentId) : null;
  }

  @FieldResolver(() => ProjectType, {
    nullable: true,
    description: 'The project the rule is set on, for all its agents; null for an agent rule.',
  })
  project(@Root() rule: PermissionRuleType, @Ctx() ctx: RequestContext) {
    return rule.projectId ? loadersOf(ctx).project.load(rule.projectId) : null;
  }

  @FieldResolver(() => Int, {
    description:
      "Definitions named by the rule among its agent's or project's candidates now. 0: the rule names no tool yet (allowed: a rule may precede its tool).",
  })
  matchingToolCount(@Root() rule: PermissionRuleType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).ruleMatches.load(rule);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Why the rule may be wrong, or null: it names an MCP tool by its server's own name (as enabledTools does), which names no tool; the warning gives the name to use (docs/semantics.md §3.9).",
  })
  warning(@Root() rule: PermissionRuleType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).ruleWarning.load(rule);
  }
}

@Resolver(() => ProjectType)
export class ProjectFieldsResolver {
  @FieldResolver(() => [AgentType], { description: "The project's agents." })
  agents(@Root() project: ProjectType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).projectAgents.load(project.id);
  }

  @FieldResolver(() => [PermissionRuleType], { description: "The project's own tool rules, by tool name; an agent's are on the agent." })
  async permissionRules(@Root() project: ProjectType, @Ctx() ctx: RequestContext) {
    return (await loadersOf(ctx).projectRules.load(project.id)).map(ruleView);
  }
}
