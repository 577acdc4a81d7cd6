import { In, LessThan, MoreThanOrEqual, type DataSource, type FindOptionsWhere } from 'typeorm';
import type { Actor } from '../common/actor';
import { cursorCodec, pageOf, pageSize, type Page } from '../common/pagination';
import { isUuid } from '../common/uuid';
import { childPages, type ChildList, type ChildPageRequest } from '../db/child-pages';
import { PAGES_IN_ORDER } from '../loadout/rules';
import { expandAffected } from './affected-sets';
import { recordedSet } from './invalidation-recorder';
import { InvalidationAffectedSetEntity, ToolboxInvalidationEntity, type StoredAffectedToolbox } from './toolbox-invalidation.entity';

/** At most this many events are listed for one turn (the newest). */
export const TURN_EVENTS_MAX = 200;

/** An event that changed a turn's situation, with its entry for that situation. */
export interface TurnEvent {
  event: ToolboxInvalidationEntity;
  affected: StoredAffectedToolbox;
}

/**
 * The conversation's cell in a grid row (see affected-sets.ts), counted from
 * 1: its page's column, in situation order, or its context object's after
 * them; null where its context object is not a column.
 */
const GRID_CELL = `CASE ${PAGES_IN_ORDER.map((type, i) => `WHEN c.page_type = '${type}' AND c.page_context_object IS NULL THEN ${i + 1}`).join(' ')}
  ELSE (SELECT ${PAGES_IN_ORDER.length} + x.n::int FROM jsonb_array_elements_text(s.affected->'contexts') WITH ORDINALITY AS x(k, n) WHERE x.k = c.page_context_object) END`;

/**
 * The events of a turn's agent recorded between the previous turn's start and
 * the turn's whose affected situations include the turn's conversation's
 * ($1: turn ids, $2: the organisation); only turns whose toolbox changed.
 */
const TURN_EVENTS = `FROM turns t
   JOIN conversations c ON c.id = t.conversation_id
   JOIN turns p ON p.conversation_id = t.conversation_id AND p.index = t.index - 1
   JOIN toolbox_invalidations i ON i.agent_id = c.agent_id AND i.at > p.started_at AND i.at <= t.started_at
   JOIN invalidation_affected_sets s ON s.id = i.affected_set_id
  WHERE t.id = ANY($1::uuid[]) AND t.organization_id = $2 AND t.toolbox_changed
    AND EXISTS (SELECT 1 FROM jsonb_array_elements(s.affected->'channels') WITH ORDINALITY AS ch(v, n)
                 WHERE ch.v->>'id' = c.channel_id::text
                   AND split_part(s.affected->'grid'->>(ch.n::int - 1), ',', ${GRID_CELL}) <> '')`;

export interface InvalidationFilter {
  agentId?: string | null;
  projectId?: string | null;
  since?: Date | null;
}

/** Carries the event's `seq`. */
const cursors = cursorCodec('invalidation', (seq) => (/^\d{1,19}$/.test(seq) ? seq : null));

/** An agent's events, newest first. */
export const AGENT_EVENTS: ChildList<ToolboxInvalidationEntity, string> = {
  entity: ToolboxInvalidationEntity,
  table: 'toolbox_invalidations',
  parentColumn: 'agent_id',
  keyColumn: 'seq',
  keyType: 'bigint',
  order: 'DESC',
  parentOf: (event) => event.agentId,
  keyOf: (event) => event.seq,
  cursors,
};

/**
 * The queries over invalidation events (docs/semantics.md §5.6): the list, the
 * events of a turn, and what the fields of an event read. The events are
 * written by invalidation-recorder.ts.
 */
export class InvalidationService {
  constructor(private readonly db: DataSource) {}

  async list(
    actor: Actor,
    filter: InvalidationFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<ToolboxInvalidationEntity>> {
    const size = pageSize(first);
    const afterSeq = after ? cursors.decode(after, actor.organizationId) : null;
    const where: FindOptionsWhere<ToolboxInvalidationEntity> = {
      organizationId: actor.organizationId,
      ...(filter.agentId ? { agentId: filter.agentId } : {}),
      ...(filter.projectId ? { projectId: filter.projectId } : {}),
      ...(filter.since ? { at: MoreThanOrEqual(filter.since) } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      this.db.manager.find(ToolboxInvalidationEntity, {
        where: afterSeq ? { ...where, seq: LessThan(afterSeq) } : where,
        order: { seq: 'DESC' },
        take: size + 1,
      }),
      this.db.manager.count(ToolboxInvalidationEntity, { where }),
    ]);
    return pageOf(rows, size, (e) => cursors.encode(e.seq, actor.organizationId), totalCount);
  }

  /** The affected situations of events, shared sets read once (for a page of events, or a subscription's event). */
  async affectedOf(organizationId: string, events: readonly ToolboxInvalidationEntity[]): Promise<StoredAffectedToolbox[][]> {
    const wanted = [...new Set(events.flatMap((e) => (recordedSet(e) ? [] : [e.affectedSetId])))];
    const sets = wanted.length
      ? await this.db.manager.find(InvalidationAffectedSetEntity, { where: { organizationId, id: In(wanted) } })
      : [];
    const byId = new Map(sets.map((s) => [s.id, s.affected]));
    return events.map((e) => {
      const set = recordedSet(e) ?? byId.get(e.affectedSetId);
      return set ? expandAffected(set) : [];
    });
  }

  /** Pages of events of many agents (a list of agents with their invalidations): two statements for all of them. */
  agentPages(organizationId: string, requests: ReadonlyArray<ChildPageRequest<string>>): Promise<Array<Page<ToolboxInvalidationEntity>>> {
    return childPages(this.db, AGENT_EVENTS, organizationId, requests);
  }

  /**
   * The event that made a turn's toolbox differ from the previous turn's: the
   * newest invalidation of the conversation's agent recorded between the two
   * turns' starts whose affected situations include the conversation's.
   * Null on a first turn and on a turn whose toolbox did not change. For
   * many turns at once (a page of the debugger), in key order.
   */
  async forTurns(organizationId: string, turnIds: readonly string[]): Promise<Array<ToolboxInvalidationEntity | null>> {
    const ids = turnIds.filter(isUuid);
    const rows: Array<{ turn_id: string; seq: string }> = ids.length
      ? await this.db.query(`SELECT DISTINCT ON (t.id) t.id AS turn_id, i.seq::text AS seq ${TURN_EVENTS} ORDER BY t.id, i.seq DESC`, [
          ids,
          organizationId,
        ])
      : [];
    const events = await this.bySeq(
      organizationId,
      rows.map((r) => r.seq),
    );
    return turnIds.map((turnId) => {
      const seq = rows.find((r) => r.turn_id === turnId)?.seq;
      return (seq !== undefined && events.get(seq)) || null;
    });
  }

  /** Events by their key: the organisation and each one's seq. */
  private async bySeq(organizationId: string, seqs: readonly string[]): Promise<Map<string, ToolboxInvalidationEntity>> {
    const events = seqs.length
      ? await this.db.manager.findBy(ToolboxInvalidationEntity, { organizationId, seq: In([...new Set(seqs)]) })
      : [];
    // String(): the embedded database's driver does not answer a bigint as text.
    return new Map(events.map((e) => [String(e.seq), e]));
  }

  /**
   * Every event between a turn's previous turn and it that changed the
   * turn's situation, oldest first (the newest TURN_EVENTS_MAX where there
   * were more), each with that situation's entry of its affected list.
   */
  async allForTurns(organizationId: string, turnIds: readonly string[]): Promise<TurnEvent[][]> {
    const ids = turnIds.filter(isUuid);
    const rows: Array<{ turn_id: string; seq: string; channel_id: string; page_type: string; page_context_object: string | null }> =
      ids.length
        ? await this.db.query(
            `SELECT turn_id, seq::text AS seq, channel_id, page_type, page_context_object FROM (
               SELECT t.id AS turn_id, i.seq, c.channel_id, c.page_type, c.page_context_object,
                      row_number() OVER (PARTITION BY t.id ORDER BY i.seq DESC) AS newest ${TURN_EVENTS}) e
              WHERE newest <= ${TURN_EVENTS_MAX} ORDER BY turn_id, seq`,
            [ids, organizationId],
          )
        : [];
    const bySeq = await this.bySeq(
      organizationId,
      rows.map((r) => r.seq),
    );
    const events = [...bySeq.values()];
    const affected = await this.affectedOf(organizationId, events);
    const affectedOfEvent = new Map(events.map((e, i) => [e, affected[i]]));
    return turnIds.map((turnId) =>
      rows.flatMap((r) => {
        const event = r.turn_id === turnId ? bySeq.get(r.seq) : undefined;
        const entry = event
          ? affectedOfEvent
              .get(event)!
              .find(
                (a) =>
                  a.channel.id === r.channel_id && a.page.type === r.page_type && (a.page.contextObject ?? null) === r.page_context_object,
              )
          : undefined;
        return event && entry ? [{ event, affected: entry }] : [];
      }),
    );
  }
}
