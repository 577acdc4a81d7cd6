import { randomBytes } from 'node:crypto';
import { readSealingKey, seal, unseal } from './sealed-text';

const key = randomBytes(32);

it('opens what it sealed, for the same scope only', () => {
  const sealed = seal(key, 'org-a', '{"Authorization":"Bearer sk-1"}');
  expect(sealed).not.toContain('sk-1');
  expect(unseal(key, 'org-a', sealed)).toBe('{"Authorization":"Bearer sk-1"}');
  expect(unseal(key, 'org-b', sealed)).toBeNull();
  expect(unseal(randomBytes(32), 'org-a', sealed)).toBeNull();
});

it('never seals the same text to the same value twice', () => expect(seal(key, 'o', 'x')).not.toBe(seal(key, 'o', 'x')));

it('opens nothing tampered with', () => {
  const sealed = seal(key, 'o', 'secret');
  const parts = sealed.split('.');
  parts[3] = Buffer.from('other!').toString('base64url');
  expect(unseal(key, 'o', parts.join('.'))).toBeNull();
});

it('reads a key of 32 bytes as hex or base64 and refuses any other, naming the setting', () => {
  expect(readSealingKey('ab'.repeat(32), 'K')).toHaveLength(32);
  expect(readSealingKey(key.toString('base64'), 'K')).toEqual(key);
  expect(readSealingKey(undefined, 'K')).toBeNull();
  expect(() => readSealingKey('short', 'K')).toThrow(/^K must be 32 bytes/);
});
