import { createHash, randomBytes } from 'node:crypto';

/** Keys are shown once and stored as sha256; the prefix tells a leaked key's origin. */
export function newApiKey(): string {
  return `lo_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
