import { Arg, Field, getMetadataStorage, Int, ObjectType, type ClassType } from 'type-graphql';
import { sha256Hex } from './content-hash';
import { badInput } from './errors';

/** A page's size when `first` is absent. */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest `first` any list accepts. */
export const MAX_PAGE_SIZE = 100;

@ObjectType('PageInfo', { description: 'Where a page of a list ends, and whether more follow.' })
export class PageInfo {
  @Field({ description: 'Whether the list has items after this page.' }) hasNextPage: boolean;
  @Field(() => String, {
    nullable: true,
    description: "The last edge's cursor: pass it as `after` for the next page. Null on an empty page.",
  })
  endCursor: string | null;
}

/** The `first` argument of every paged list. */
export const FirstArg = () =>
  Arg('first', () => Int, {
    nullable: true,
    description: `How many items the page holds at most: 0 to ${MAX_PAGE_SIZE}, ${DEFAULT_PAGE_SIZE} when absent.`,
  });

/** The `after` argument of every paged list. */
export const AfterArg = () =>
  Arg('after', () => String, {
    nullable: true,
    description:
      "A cursor this list handed out (an edge's `cursor`, or `pageInfo.endCursor`): the page starts after it. Absent: from the start. Any other value is BAD_USER_INPUT naming `after`.",
  });

/** What a connection field resolves to. */
export interface Page<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: PageInfo;
  totalCount: number;
}

/**
 * The connection of an object type: `edges` of `<Item>Edge` (cursor, node),
 * `pageInfo` and `totalCount`. Abstract, so each list names its own
 * connection: `@ObjectType('TurnConnection') class TurnConnectionType extends Connection(TurnType) {}`
 * (type-graphql 2 emits only the types a field reaches, so the base needs no `isAbstract`).
 */
export function Connection<TItem extends object>(Item: ClassType<TItem>) {
  // The edge is named after the item's GraphQL name, which its @ObjectType has already registered.
  const itemName = getMetadataStorage().objectTypes.find((type) => type.target === Item)?.name;
  if (!itemName) throw new Error(`${Item.name} must be an @ObjectType declared before its connection`);

  @ObjectType(`${itemName}Edge`, { description: `One ${itemName} of a page, with its place in the list.` })
  class Edge {
    @Field({ description: 'Opaque position of this item: pass it as `after` for the items that follow it.' }) cursor: string;
    @Field(() => Item, { description: `The ${itemName}.` }) node: TItem;
  }

  // Never named in the schema itself: only its subclasses are reachable from a field.
  @ObjectType({ description: `A page of ${itemName} items, in list order.` })
  abstract class ConnectionType {
    @Field(() => [Edge], { description: "This page's items, in list order, each with its cursor." }) edges: Edge[];
    @Field(() => PageInfo, { description: 'Where this page ends, and whether more follow.' }) pageInfo: PageInfo;
    @Field(() => Int, { description: 'How many items the whole list holds, across every page.' }) totalCount: number;
  }
  return ConnectionType;
}

/** `first` as a page size: DEFAULT_PAGE_SIZE when absent, else 0 to MAX_PAGE_SIZE. */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw badInput('first', `must be 0 to ${MAX_PAGE_SIZE}`);
  return first;
}

/**
 * The cursors of one list. `scope` is where one cursor is valid: the
 * organisation, and the parent the list hangs off (a conversation's turns,
 * an agent's events).
 */
export interface CursorCodec<K> {
  encode(key: K, scope: string): string;
  /** The key a cursor carries; BAD_USER_INPUT naming `after` for anything this list did not hand out in this scope. */
  decode(cursor: string, scope: string): K;
}

/** Hex characters of the check a cursor carries: a cut, altered or foreign cursor fails it but by a 48-bit chance. */
const CHECK_CHARS = 12;

/**
 * The cursors of one list: base64url of `<list>:<key>:<check>`, opaque to
 * clients, where the check is a hash of the scope, the list and the key.
 * `keyOf` reads a key back (null: not one); a cursor must also be exactly
 * the spelling this list writes and carry the check of this scope, so
 * padding, a cut cursor, another list's or another organisation's (or
 * another parent's) is refused rather than read as some other position.
 * The check is not a secret: a cursor is a position, never access.
 */
export function cursorCodec<K extends string | number>(list: string, keyOf: (text: string) => K | null): CursorCodec<K> {
  const prefix = `${list}:`;
  const check = (key: K, scope: string) => sha256Hex(`${scope}\n${list}\n${key}`).slice(0, CHECK_CHARS);
  const encode = (key: K, scope: string): string => Buffer.from(`${prefix}${key}:${check(key, scope)}`, 'utf8').toString('base64url');
  return {
    encode,
    decode(cursor, scope) {
      const text = Buffer.from(cursor, 'base64url').toString('utf8');
      const end = text.lastIndexOf(':');
      const key = text.startsWith(prefix) && end > prefix.length ? keyOf(text.slice(prefix.length, end)) : null;
      if (key === null || encode(key, scope) !== cursor) throw badInput('after', 'not a cursor of this list');
      return key;
    },
  };
}

/** A page from the rows read for it, in list order: up to `size` + 1 of them, the extra one only telling that more follow. */
export function pageOf<T>(rows: readonly T[], size: number, cursorOf: (node: T) => string, totalCount: number): Page<T> {
  const edges = rows.slice(0, size).map((node) => ({ cursor: cursorOf(node), node }));
  return { edges, pageInfo: { hasNextPage: rows.length > size, endCursor: edges.at(-1)?.cursor ?? null }, totalCount };
}

export const emptyPage = <T>(): Page<T> => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 });
