import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Text kept encrypted at rest (AES-256-GCM): what Loadout must send on and
 * never show, such as an MCP server's header values. The organisation is
 * bound in as associated data, so a sealed value copied into another
 * tenant's row does not open.
 */

const VERSION = 'v1';

/** The key from its setting: 32 bytes as 64 hex digits or base64. */
export function readSealingKey(text: string | undefined, name: string): Buffer | null {
  if (text === undefined || text === '') return null;
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as 64 hex digits or base64 (openssl rand -hex 32)`);
  return key;
}

export function seal(key: Buffer, scope: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(scope, 'utf8'));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The text, or null where the key or the scope is not the one it was sealed with. */
export function unseal(key: Buffer, scope: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(scope, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
