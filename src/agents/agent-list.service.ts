import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput } from '../common/errors';
import { cursorCodec, pageOf, pageSize, type Page } from '../common/pagination';
import { isUuid } from '../common/uuid';
import { AgentEntity } from './agent.entity';

/** Carries the agent's id; its stored creation time, compared in the database at full precision, places it. */
const cursors = cursorCodec('agent', (id) => (isUuid(id) ? id : null));

/** The organisation's agents, oldest first (creation time, id): all of them, or a page at a time. */
export class AgentListService {
  constructor(private readonly db: DataSource) {}

  async agents(actor: Actor, projectId?: string | null): Promise<AgentEntity[]> {
    return this.filtered(actor, projectId).getMany();
  }

  async page(actor: Actor, projectId?: string | null, first?: number | null, after?: string | null): Promise<Page<AgentEntity>> {
    const size = pageSize(first);
    const afterId = after === null || after === undefined ? null : cursors.decode(after, actor.organizationId);
    const rows = this.filtered(actor, projectId).take(size + 1);
    if (afterId) {
      const anchor = await this.db.manager.existsBy(AgentEntity, { id: afterId, organizationId: actor.organizationId });
      if (!anchor) throw badInput('after', 'not a cursor of this list, or its agent was deleted');
      rows.andWhere('(a.createdAt, a.id) > (SELECT b.created_at, b.id FROM agents b WHERE b.id = :afterId)', { afterId });
    }
    const [found, totalCount] = await Promise.all([rows.getMany(), this.filtered(actor, projectId).getCount()]);
    return pageOf(found, size, (a) => cursors.encode(a.id, actor.organizationId), totalCount);
  }

  private filtered(actor: Actor, projectId?: string | null) {
    const query = this.db.manager
      .createQueryBuilder(AgentEntity, 'a')
      .where('a.organizationId = :org', { org: actor.organizationId })
      .orderBy('a.createdAt', 'ASC')
      .addOrderBy('a.id', 'ASC');
    if (projectId) query.andWhere('a.projectId = :projectId', { projectId });
    return query;
  }
}
