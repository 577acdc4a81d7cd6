import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { lookupIdText, targetIdText } from '../common/schema-text';
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
  createOrganization(
    @Arg('input', { description: 'The organisation to create.' }) input: CreateOrganizationInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.organizations.createOrganization(input);
  }

  @Authorized('VIEWER')
  @Query(() => PrincipalType, { description: 'The principal of the key this request carries.' })
  async me(@Ctx() ctx: RequestContext) {
    const actor = actorOf(ctx);
    return { id: actor.principalId, name: actor.name, role: actor.role, organizationId: actor.organizationId };
  }

  @Authorized('VIEWER')
  @Query(() => OrganizationType, { description: "The caller's organisation." })
  organization(@Ctx() ctx: RequestContext) {
    return ctx.services.organizations.organization(actorOf(ctx));
  }

  @Authorized('ADMIN')
  @Mutation(() => OrganizationType, { description: "The organisation's funding model, default model and budget thresholds." })
  updateOrganization(@Arg('input', { description: 'The settings to change.' }) input: UpdateOrganizationInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.updateOrganization(actorOf(ctx), input);
  }

  @Authorized('ADMIN')
  @Mutation(() => CreatedApiKey, { description: "A new API key of the caller's organisation, shown once." })
  createApiKey(@Arg('input', { description: 'The key to create.' }) input: CreateApiKeyInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.createApiKey(actorOf(ctx), input);
  }

  @Authorized('ADMIN')
  @Mutation(() => Boolean, {
    description: 'Revokes a key at once, on every instance; true also when it was already revoked. A key cannot revoke itself (CONFLICT).',
  })
  revokeApiKey(@Arg('principalId', () => ID, { description: targetIdText('principal') }) principalId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.revokeApiKey(actorOf(ctx), principalId);
  }

  @Authorized('VIEWER')
  @Query(() => [ProjectType], { description: "The organisation's projects, oldest first." })
  projects(@Ctx() ctx: RequestContext) {
    return ctx.services.organizations.projects(actorOf(ctx));
  }

  @Authorized('VIEWER')
  @Query(() => ProjectType, { nullable: true, description: 'One project by id.' })
  project(@Arg('id', () => ID, { description: lookupIdText('project') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.project(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => ProjectType, { description: "A new project of the caller's organisation." })
  createProject(@Arg('input', { description: 'The project to create.' }) input: CreateProjectInput, @Ctx() ctx: RequestContext) {
    return ctx.services.organizations.createProject(actorOf(ctx), input.name);
  }
}

@Resolver(() => PrincipalType)
export class PrincipalFieldsResolver {
  @FieldResolver(() => OrganizationType, { description: 'The organisation the principal belongs to.' })
  organization(@Ctx() ctx: RequestContext) {
    // A principal the request can see is of the request's organisation.
    return loadersOf(ctx).organization();
  }
}
