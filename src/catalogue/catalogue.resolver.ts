import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { actorOf, type RequestContext } from '../common/context';
import { ChannelType, ContextObjectType, CreateChannelInput, CreateContextObjectInput } from './catalogue.types';

@Resolver()
export class CatalogueResolver {
  @Authorized('VIEWER')
  @Query(() => [ChannelType], { description: "The organisation's channels, by key." })
  channels(@Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.channels(actorOf(ctx));
  }

  @Authorized('VIEWER')
  @Query(() => [ContextObjectType], { description: "The organisation's context objects, by key." })
  contextObjects(@Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.contextObjects(actorOf(ctx));
  }

  @Authorized('EDITOR')
  @Mutation(() => ChannelType, { description: 'A new channel. A key the organisation already has is CONFLICT naming `input.key`.' })
  createChannel(@Arg('input', { description: 'The channel to create.' }) input: CreateChannelInput, @Ctx() ctx: RequestContext) {
    return ctx.services.catalogue.createChannel(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => ContextObjectType, {
    description: 'A new context object. A key the organisation already has is CONFLICT naming `input.key`.',
  })
  createContextObject(
    @Arg('input', { description: 'The context object to create.' }) input: CreateContextObjectInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.catalogue.createContextObject(actorOf(ctx), input);
  }
}
