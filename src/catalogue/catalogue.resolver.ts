import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { actorOf, type RequestContext } from '../common/context';
import { ChannelType, ContextObjectType, CreateChannelInput, CreateContextObjectInput } from './catalogue.types';

@Resolver()
export class CatalogueResolver {
  @Authorized('VIEWER')
  @Query(() => [ChannelType])
  channels(@Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.channels(actorOf(ctx));
  }

  @Authorized('VIEWER')
  @Query(() => [ContextObjectType])
  contextObjects(@Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.contextObjects(actorOf(ctx));
  }

  @Authorized('EDITOR')
  @Mutation(() => ChannelType)
  createChannel(@Arg('input') input: CreateChannelInput, @Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.createChannel(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => ContextObjectType)
  createContextObject(@Arg('input') input: CreateContextObjectInput, @Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.createContextObject(actorOf(ctx), input);
  }
}
