import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { ruleView } from '../agents/agent.resolver';
import { AgentType, PermissionRuleType } from '../agents/agent.types';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import {
  CreateApiKeyInput,
  CreatedApiKey,
  CreatedOrganization,
  CreateOrganizationInput,
  CreateProjectInput,
  OrganizationType,
  PrincipalType,
  ProjectType,
  UpdateOrganizationInput,
} from './organization.types';

@Resolver()
export class OrganizationResolver {
  @Authorized('OPERATOR')
  @Mutation(() => CreatedOrganization, { description: "Platform operator only (the server's admin token)." })
  createOrganization(@Arg('input') input: CreateOrganizationInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.createOrganization(input);
  }

  @Authorized('VIEWER')
  @Query(() => PrincipalType)
  async me(@Ctx() ctx: RequestContext) {
    const actor = actorOf(ctx);
    return { id: actor.principalId, name: actor.name, role: actor.role, organizationId: actor.organizationId };
  }

  @Authorized('VIEWER')
  @Query(() => OrganizationType)
  organization(@Ctx() ctx: RequestContext) {
    return ctx.services.organizations.organization(actorOf(ctx));
  }

  @Authorized('ADMIN')
  @Mutation(() => OrganizationType, { description: "The organisation's funding model, default model and budget thresholds." })
  updateOrganization(@Arg('input') input: UpdateOrganizationInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.updateOrganization(actorOf(ctx), input);
  }

  @Authorized('ADMIN')
  @Mutation(() => CreatedApiKey)
  createApiKey(@Arg('input') input: CreateApiKeyInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.createApiKey(actorOf(ctx), input);
  }

  @Authorized('ADMIN')
  @Mutation(() => Boolean)
  revokeApiKey(@Arg('principalId', () => ID) principalId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.revokeApiKey(actorOf(ctx), principalId);
  }

  @Authorized('VIEWER')
  @Query(() => [ProjectType])
  projects(@Ctx() ctx: RequestContext) {
    return ctx.services.organizations.projects(actorOf(ctx));
  }

  @Authorized('VIEWER')
  @Query(() => ProjectType, { nullable: true })
  project(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.project(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => ProjectType)
  createProject(@Arg('input') input: CreateProjectInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.createProject(actorOf(ctx), input.name);
  }
}

@Resolver(() => PrincipalType)
export class PrincipalFieldsResolver {
  @FieldResolver(() => OrganizationType)
  organization(@Ctx() ctx: RequestContext) {
    // A principal the request can see is of the request's organisation.
    return loadersOf(ctx).organization();
  }
}

@Resolver(() => ProjectType)
export class ProjectFieldsResolver {
  @FieldResolver(() => [AgentType])
  agents(@Root() project: ProjectType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).projectAgents.load(project.id);
  }

  @FieldResolver(() => [PermissionRuleType], { description: "The project's own tool rules, by tool name; an agent's are on the agent." })
  async permissionRules(@Root() project: ProjectType, @Ctx() ctx: RequestContext) {
    return (await loadersOf(ctx).projectRules.load(project.id)).map(ruleView);
  }
}
