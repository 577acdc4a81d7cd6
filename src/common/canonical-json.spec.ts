import { canonicalJson, contentHash, sha256Hex, toolboxFingerprint } from './canonical-json';

describe('canonical JSON and hashes', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('gives the same content hash whatever the key order of the schema', () => {
    const a = contentHash({ name: 't', description: 'd', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });
    const b = contentHash({ description: 'd', inputSchema: { properties: { q: { type: 'string' } }, type: 'object' }, name: 't' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes exactly the canonical JSON of {name, description, inputSchema}', () => {
    const tool = { name: 'n', description: 'd', inputSchema: { type: 'object' } };
    expect(contentHash(tool)).toBe(sha256Hex('{"description":"d","inputSchema":{"type":"object"},"name":"n"}'));
  });

  it('changes the content hash when any model-visible part changes', () => {
    const base = { name: 'n', description: 'd', inputSchema: { type: 'object' } };
    const hashes = new Set([
      contentHash(base),
      contentHash({ ...base, name: 'm' }),
      contentHash({ ...base, description: 'e' }),
      contentHash({ ...base, inputSchema: { type: 'object', properties: {} } }),
    ]);
    expect(hashes.size).toBe(4);
  });

  it('fingerprints the ordered hashes joined by newlines', () => {
    expect(toolboxFingerprint(['a', 'b'])).toBe(sha256Hex('a\nb'));
    expect(toolboxFingerprint(['a', 'b'])).not.toBe(toolboxFingerprint(['b', 'a']));
  });
});
