import { FieldResolver, Resolver, Root } from 'type-graphql';
import { TurnToolCallType, TurnType } from './conversation.types';
import type { TurnEntity } from './turn.entity';

/** Turn.toolCalls: the calls kept on the turn's own row (turn-calls.ts), read with it. */
@Resolver(() => TurnType)
export class TurnCallsResolver {
  @FieldResolver(() => [TurnToolCallType], {
    description:
      'The calls its response made, in the order recorded, as recordToolCalls counted them with this turn named (`ToolCallInput.turnId`); at most 200.',
  })
  toolCalls(@Root() t: TurnEntity): TurnToolCallType[] {
    return (t.toolCalls ?? []).map((c) => ({
      toolName: c.toolName,
      isError: c.isError,
      at: new Date(c.at),
      durationMs: c.durationMs ?? null,
    }));
  }
}
