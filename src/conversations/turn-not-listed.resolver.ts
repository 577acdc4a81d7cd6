import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { notListedReason } from '../loadout/rules';
import { NotListedReasonEnum } from '../loadout/edge';
import type { NotListedReason } from '../loadout/vocabulary';
import { recordedToolNames } from '../toolbox/carried-names';
import { TurnType } from './conversation.types';
import type { TurnEntity } from './turn.entity';

@ObjectType('TurnToolNotListed', { description: 'A tool the turn carried that the MCP gateway did not list to its client, and why.' })
export class TurnToolNotListedType {
  @Field({ description: 'The name the toolbox carried it under.' }) name: string;
  @Field(() => NotListedReasonEnum, { description: 'Why it was not listed.' }) reason: NotListedReason;
}

/**
 * Turn.notListed, read from what the turn kept: its frozen tools, and for
 * each MCP server whether a runtime reported it (the turn's inventories),
 * so the answer is the list the client was sent, whatever changed since.
 */
@Resolver(() => TurnType)
export class TurnNotListedResolver {
  @FieldResolver(() => [TurnToolNotListedType], {
    nullable: true,
    description:
      "MCP_GATEWAY conversations: the tools the turn carried that the MCP client was not listed, in toolbox order, and why (it was listed the others); null for a runtime's turns.",
  })
  async notListed(@Root() turn: TurnEntity, @Ctx() ctx: RequestContext): Promise<TurnToolNotListedType[] | null> {
    const loaders = loadersOf(ctx);
    const conversation = await loaders.conversation.load(turn.conversationId);
    if (conversation?.source !== 'MCP_GATEWAY') return null;
    const [snapshot, loadout] = await Promise.all([loaders.snapshot.load(turn.snapshotId), ctx.services.toolbox.loadoutOf(actorOf(ctx))]);
    const reached = new Set((turn.mcpInventories ?? []).filter((kept) => kept.transport !== 'REPORTED').map((kept) => kept.server));
    return snapshot.tools.flatMap((tool) => {
      const names = recordedToolNames(loadout, tool);
      const reason = notListedReason({ server: names.mcpServerName, mcpToolName: names.mcpToolName }, (server) => reached.has(server));
      return reason ? [{ name: tool.name, reason }] : [];
    });
  }
}
