import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { cursorCodec, pageOf, pageSize, type Page } from '../common/pagination';
import { isUuid } from '../common/uuid';
import { TOOL_NAME_MAX } from '../common/validation';
import type { ToolSource } from '../loadout/vocabulary';
import { ToolDefinitionEntity } from './tool-definition.entity';

export interface DefinitionFilter {
  projectId?: string | null;
  source?: ToolSource | null;
}

/** A definition's place in the list: its Sort Order key. */
interface ListKey {
  sortOrder: number;
  name: string;
  id: string;
}

const INT_MAX = 2 ** 31 - 1;

/** `<sortOrder>:<id>:<name>`; null for anything the list could not have written (a key the database would refuse). */
function listKey(text: string): ListKey | null {
  const match = /^(-?\d{1,10}):([^:]+):(.+)$/s.exec(text);
  if (!match) return null;
  const [, order, id, name] = match;
  const sortOrder = Number(order);
  if (Math.abs(sortOrder) > INT_MAX || !isUuid(id) || name.length > TOOL_NAME_MAX || name.includes('\u0000')) return null;
  return { sortOrder, name, id };
}

/*
 * The cursor carries the whole key rather than an id, so a page still follows
 * its predecessor when the definition it ended on is deleted meanwhile (an
 * MCP inventory may remove tools between two pages).
 */
const cursors = cursorCodec('tool', (text) => (listKey(text) ? text : null));
const cursorOf = (organizationId: string) => (t: ToolDefinitionEntity) =>
  cursors.encode(`${t.sortOrder}:${t.id}:${t.name}`, organizationId);

/** The organisation's tool definitions in Sort Order (sortOrder, name, id): all of them, or a page at a time. */
export class ToolDefinitionListService {
  constructor(private readonly db: DataSource) {}

  async definitions(actor: Actor, filter: DefinitionFilter): Promise<ToolDefinitionEntity[]> {
    return this.filtered(actor, filter).getMany();
  }

  async page(actor: Actor, filter: DefinitionFilter, first?: number | null, after?: string | null): Promise<Page<ToolDefinitionEntity>> {
    const size = pageSize(first);
    const from = after === null || after === undefined ? null : listKey(cursors.decode(after, actor.organizationId));
    const rows = this.filtered(actor, filter).take(size + 1);
    if (from) rows.andWhere('(t.sortOrder, t.name, t.id) > (:sortOrder, :name, CAST(:id AS uuid))', from);
    const [found, totalCount] = await Promise.all([rows.getMany(), this.filtered(actor, filter).getCount()]);
    return pageOf(found, size, cursorOf(actor.organizationId), totalCount);
  }

  private filtered(actor: Actor, filter: DefinitionFilter) {
    const query = this.db.manager
      .createQueryBuilder(ToolDefinitionEntity, 't')
      .where('t.organizationId = :org', { org: actor.organizationId })
      .orderBy('t.sortOrder', 'ASC')
      .addOrderBy('t.name', 'ASC')
      .addOrderBy('t.id', 'ASC');
    if (filter.projectId) query.andWhere('t.projectId = :projectId', { projectId: filter.projectId });
    if (filter.source) query.andWhere('t.source = :source', { source: filter.source });
    return query;
  }
}
