import { ROOT_CONTEXT, type Context, type ContextManager } from '@opentelemetry/api';

/**
 * A context manager that makes a context active for the synchronous run of
 * `with` alone, and carries it across nothing asynchronous. Loadout hands
 * each request's context to its spans itself (docs/operations.md,
 * "Tracing"): carrying it implicitly takes AsyncLocalStorage, whose hooks
 * on Node.js 20 run for every promise of every request, traced or not, once
 * any context has been entered.
 */
export class ExplicitContextManager implements ContextManager {
  private current: Context = ROOT_CONTEXT;

  active(): Context {
    return this.current;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const outer = this.current;
    this.current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.current = outer;
    }
  }

  /** Nothing is bound: a callback or emitter runs in whatever context is active when it is called. */
  bind<T>(_context: Context, target: T): T {
    return target;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.current = ROOT_CONTEXT;
    return this;
  }
}
