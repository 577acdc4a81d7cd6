import type { AuthCheckerInterface, ResolverData } from 'type-graphql';
import { roleAtLeast, type Role } from './actor';
import { unauthenticated, type RequestContext } from './context';
import { LoadoutError } from './errors';

/** `@Authorized('EDITOR')` means EDITOR or above; `@Authorized('OPERATOR')` means the operator's token. */
export type Access = Role | 'OPERATOR';

/**
 * The one place roles are enforced. Throws instead of returning false so the
 * client gets UNAUTHENTICATED or FORBIDDEN rather than a generic denial.
 */
export class AuthChecker implements AuthCheckerInterface<RequestContext, Access> {
  check({ context }: ResolverData<RequestContext>, roles: Access[]): boolean {
    const [needed] = roles;
    if (needed === 'OPERATOR') {
      if (context.operator) return true;
      throw new LoadoutError(context.actor ? 'FORBIDDEN' : 'UNAUTHENTICATED', 'Only the platform operator may do this');
    }
    if (!context.actor) {
      if (context.operator) throw new LoadoutError('FORBIDDEN', 'The operator token may only create organisations');
      throw unauthenticated(context.credentialProblem);
    }
    if (needed && !roleAtLeast(context.actor.role, needed)) {
      throw new LoadoutError('FORBIDDEN', `This needs the ${needed} role or above`);
    }
    return true;
  }
}
