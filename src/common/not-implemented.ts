import { LoadoutError } from './errors';

/** Contract operations whose implementation has not landed yet answer this, never made-up data. */
export function notImplemented(operation: string): never {
  throw new LoadoutError('NOT_IMPLEMENTED', `${operation} is not implemented yet`);
}
