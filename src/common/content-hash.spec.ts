import { contentHash, sha256Hex, toolboxFingerprint } from './content-hash';

describe('content hashes', () => {
  it('hashes the content as sent: a re-ordered schema is another content', () => {
    const a = contentHash({ name: 't', description: 'd', inputSchema: { type: 'object', properties: { q: { type: 'string' }, r: {} } } });
    const b = contentHash({ name: 't', description: 'd', inputSchema: { type: 'object', properties: { r: {}, q: { type: 'string' } } } });
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes exactly the JSON of {name, description, inputSchema}, whatever order the caller built it in', () => {
    const tool = { inputSchema: { type: 'object', properties: { b: {}, a: {} } }, description: 'd', name: 'n' };
    expect(contentHash(tool)).toBe(
      sha256Hex('{"name":"n","description":"d","inputSchema":{"type":"object","properties":{"b":{},"a":{}}}}'),
    );
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
