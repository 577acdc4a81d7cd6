import type { DataSource } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { Actor } from '../common/actor';
import { badInput } from '../common/errors';
import { cursorCodec, emptyPage, pageOf, pageSize, type Page } from '../common/pagination';
import { findOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import { ConversationEntity } from './conversation.entity';

/** Carries the conversation's id, whose stored start time orders the list exactly. */
const cursors = cursorCodec('conversation', (id) => (isUuid(id) ? id : null));

/** An agent's conversations for the debugger, newest first. */
export class ConversationListService {
  constructor(private readonly db: DataSource) {}

  async forAgent(actor: Actor, agentId: string, first?: number | null, after?: string | null): Promise<Page<ConversationEntity>> {
    const limit = pageSize(first);
    const afterId = after === null || after === undefined ? null : cursors.decode(after, `${actor.organizationId}/${agentId}`);
    const agent = await findOwned(this.db.manager, AgentEntity, actor, agentId);
    // Another organisation's agent reads as one without conversations, like a missing one.
    if (!agent) return emptyPage();

    const base = () =>
      this.db.manager
        .createQueryBuilder(ConversationEntity, 'c')
        .where('c.organizationId = :org AND c.agentId = :agentId', { org: actor.organizationId, agentId: agent.id });
    const rows = base()
      .orderBy('c.startedAt', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .take(limit + 1);
    if (afterId) {
      const anchor = await base().andWhere('c.id = :afterId', { afterId }).getOne();
      if (!anchor) throw badInput('after', 'not a cursor of this list');
      // Compared in the database, so start times keep their full precision.
      rows.andWhere('(c.startedAt, c.id) < (SELECT a.started_at, a.id FROM conversations a WHERE a.id = :afterId)', { afterId });
    }
    const [found, totalCount] = await Promise.all([rows.getMany(), base().getCount()]);
    return pageOf(found, limit, (c) => cursors.encode(c.id, `${actor.organizationId}/${agentId}`), totalCount);
  }
}
