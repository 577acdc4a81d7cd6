import type { AuthCheckerInterface, ResolverData } from 'type-graphql';
import { roleAtLeast, type Role } from './actor';
import { unauthenticated, type RequestContext } from './context';
import { LoadoutError } from './errors';

// Says where the token comes from: the server's LOADOUT_ADMIN_TOKEN, or the one it printed at start.
const OPERATOR_ONLY =
  'Only the platform operator may do this: send the operator token as `Authorization: Bearer <token>` ' +
  '(LOADOUT_ADMIN_TOKEN, or when that is unset the one the server printed at start)';

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
      throw new LoadoutError(context.actor ? 'FORBIDDEN' : 'UNAUTHENTICATED', OPERATOR_ONLY);
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
