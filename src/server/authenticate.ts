import { timingSafeEqual } from 'node:crypto';
import type { AppServices } from '../app-services';
import type { RequestContext } from '../common/context';

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Builds a request's context from its `Authorization` value (HTTP header or graphql-ws connection_init). */
export async function contextFor(
  services: AppServices,
  adminToken: string | null,
  authorization: string | undefined | null,
): Promise<RequestContext> {
  if (!authorization?.trim()) return { actor: null, operator: false, services };
  const token = bearerToken(authorization);
  if (!token) return { actor: null, operator: false, services, credentialProblem: 'MALFORMED' };
  if (adminToken && sameSecret(token, adminToken)) return { actor: null, operator: true, services };
  const actor = await services.organizations.authenticate(token);
  return actor ? { actor, operator: false, services } : { actor: null, operator: false, services, credentialProblem: 'UNRECOGNISED' };
}
