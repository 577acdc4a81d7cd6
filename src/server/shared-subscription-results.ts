import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { RequestContext } from '../common/context';

/**
 * Subscription results made once per event and operation, not once per
 * subscription. An event goes to every subscription of its organisation
 * (events are routed by organisation), and each would run the same selection
 * over the same event: a thousand subscriptions of one tenant would be a
 * thousand executions, and the database reads their fields make, per event.
 * Here subscriptions that subscribed with the same document, operation
 * name, variables and role share one execution of each event, with the
 * context of the first to ask; what a field may show depends on nothing
 * else of the subscriber (its organisation is the event's).
 */
export function sharedSubscribe(): (args: ExecutionArgs) => Promise<MappedIterator<ExecutionResult> | ExecutionResult> {
  /** Per event (the one object the bus publishes to every subscriber), per operation key. */
  const results = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();
  const documentIds = new WeakMap<DocumentNode, number>();
  let nextDocumentId = 0;
  const keyOf = (args: ExecutionArgs): string => {
    let id = documentIds.get(args.document);
    if (id === undefined) documentIds.set(args.document, (id = nextDocumentId++));
    const role = (args.contextValue as RequestContext | undefined)?.actor?.role ?? '';
    return `${id}\n${role}\n${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}`;
  };
  return async (args) => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    const key = keyOf(args);
    return mapAsync(source, (event) => {
      if (event === null || typeof event !== 'object') return Promise.resolve(execute({ ...args, rootValue: event }));
      let byOperation = results.get(event);
      if (!byOperation) results.set(event, (byOperation = new Map()));
      let result = byOperation.get(key);
      if (!result) byOperation.set(key, (result = Promise.resolve(execute({ ...args, rootValue: event }))));
      return result;
    });
  };
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> => typeof Object(value)[Symbol.asyncIterator] === 'function';

/**
 * `source` with each value mapped, as graphql-js maps a subscription's
 * events: `return()` reaches the source at once, even while a `next()` waits
 * on it (an async generator would wait for that next event first, and a
 * closed socket's subscription would linger until its tenant's next event).
 */
/** An async iterator that can be ended (`return`) and thrown into, as graphql-ws ends a subscription. */
type MappedIterator<R> = AsyncIterableIterator<R> & {
  return(value?: unknown): Promise<IteratorResult<R>>;
  throw(error?: unknown): Promise<IteratorResult<R>>;
};

function mapAsync<T, R>(source: AsyncIterable<T>, map: (value: T) => Promise<R>): MappedIterator<R> {
  const iterator = source[Symbol.asyncIterator]();
  const mapped = async (result: IteratorResult<T>): Promise<IteratorResult<R>> => {
    if (result.done) return { done: true, value: undefined };
    try {
      return { done: false, value: await map(result.value) };
    } catch (error) {
      await iterator.return?.();
      throw error;
    }
  };
  const generator: MappedIterator<R> = {
    next: async () => mapped(await iterator.next()),
    return: async () => (iterator.return ? mapped(await iterator.return()) : { done: true, value: undefined }),
    throw: async (error: unknown) => {
      if (iterator.throw) return mapped(await iterator.throw(error));
      throw error;
    },
    [Symbol.asyncIterator]: () => generator,
  };
  return generator;
}
