import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { AfterArg, FirstArg } from '../common/pagination';
import { ProjectType } from '../organizations/organization.types';
import { PageInput, ToolboxType } from '../toolbox/toolbox.types';
import { AgentConnectionType, AgentType, CreateAgentInput, PermissionRuleType, ToolRuleInput, UpdateAgentInput } from './agent.types';
import type { PermissionRuleEntity } from './permission-rule.entity';
import { ruleSubject } from '../loadout/filters';

export const ruleView = (rule: PermissionRuleEntity) => ({ ...rule, subject: ruleSubject(rule.toolName) });

@Resolver(() => AgentType)
export class AgentResolver {
  @Authorized('VIEWER')
  @Query(() => [AgentType])
  agents(@Arg('projectId', () => ID, { nullable: true }) projectId: string | null, @Ctx() ctx: RequestContext) {
    return ctx.services.agentList.agents(actorOf(ctx), projectId);
  }

  @Authorized('VIEWER')
  @Query(() => AgentConnectionType, {
    description: 'What agents returns, in the same order (oldest first), a page at a time: first 0 to 100, 20 when absent.',
  })
  agentsPage(
    @Arg('projectId', () => ID, { nullable: true }) projectId: string | null,
    @FirstArg() first: number | null,
    @AfterArg() after: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.agentList.page(actorOf(ctx), projectId, first, after);
  }

  @Authorized('VIEWER')
  @Query(() => AgentType, { nullable: true })
  agent(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.agent(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => AgentType)
  createAgent(@Arg('input') input: CreateAgentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.create(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => AgentType)
  updateAgent(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateAgentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.update(actorOf(ctx), id, input);
  }

  @Authorized('EDITOR')
  @Mutation(() => Boolean)
  deleteAgent(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.delete(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => PermissionRuleType, { description: 'A DENY rule on an agent is an Edit Loadout exclusion.' })
  async setToolRule(@Arg('input') input: ToolRuleInput, @Ctx() ctx: RequestContext) {
    return ruleView(await ctx.services.agents.setToolRule(actorOf(ctx), input));
  }

  @Authorized('EDITOR')
  @Mutation(() => Boolean)
  removeToolRule(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.agents.removeToolRule(actorOf(ctx), id);
  }

  @FieldResolver(() => ProjectType, { nullable: true })
  project(@Root() agent: AgentType, @Ctx() ctx: RequestContext) {
    return agent.projectId ? loadersOf(ctx).project.load(agent.projectId) : null;
  }

  @FieldResolver(() => [String], { description: 'Tool names excluded by Edit Loadout; the same stored rules as DENY tool:<name>.' })
  async exclusions(@Root() agent: AgentType, @Ctx() ctx: RequestContext) {
    const rules = await loadersOf(ctx).agentRules.load(agent.id);
    return rules.filter((r) => r.effect === 'DENY').map((r) => r.toolName);
  }

  @FieldResolver(() => [PermissionRuleType])
  async permissionRules(@Root() agent: AgentType, @Ctx() ctx: RequestContext) {
    return (await loadersOf(ctx).agentRules.load(agent.id)).map(ruleView);
  }

  @FieldResolver(() => ToolboxType)
  toolbox(
    @Root() agent: AgentType,
    @Arg('channel') channel: string,
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | null,
    @Ctx() ctx: RequestContext,
  ) {
    return loadersOf(ctx).agentToolbox.load({ agentId: agent.id, channel, page: page ?? undefined });
  }
}

@Resolver(() => PermissionRuleType)
export class PermissionRuleFieldsResolver {
  @FieldResolver(() => AgentType, { nullable: true })
  agent(@Root() rule: PermissionRuleType, @Ctx() ctx: RequestContext) {
    return rule.agentId ? loadersOf(ctx).agent.load(rule.agentId) : null;
  }

  @FieldResolver(() => ProjectType, { nullable: true })
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
}
