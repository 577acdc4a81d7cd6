import { contentHash, sha256Hex } from '../../common/content-hash';
import { fitsEveryProvider, mayBeShortForm, renderedToolName, visibleTool } from './tool-names';

const long83 = `mcp__github__${'create_or_update_'.repeat(4)}file_contents_x`.slice(0, 83);

describe('fitsEveryProvider', () => {
  it.each([
    ['lookup', true],
    ['_private', true],
    ['Search-Issues_2', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['', false],
    ['dotted.name', false],
    ['9starts', false],
    ['-dash', false],
    ['has space', false],
    ['café', false],
  ])('%s: %s', (name, fits) => {
    expect(fitsEveryProvider(name)).toBe(fits);
  });
});

describe('renderedToolName', () => {
  it('keeps a name every provider accepts', () => {
    expect(renderedToolName('mcp__gh__create_issue')).toBe('mcp__gh__create_issue');
  });

  it.each([
    ['an 83-character MCP name', long83],
    ['a dotted name', 'dotted.name'],
    ['a leading digit', '9starts_with_digit'],
    ['128 characters', 'x'.repeat(128)],
    ['nothing but refused characters', '...'],
  ])('cuts %s to a name every provider accepts, ending in a hash of the full name', (_what, name) => {
    const short = renderedToolName(name);
    expect(short).not.toBe(name);
    expect(fitsEveryProvider(short)).toBe(true);
    expect(short.length).toBeLessThanOrEqual(64);
    expect(short.endsWith(`_${sha256Hex(name).slice(0, 10)}`)).toBe(true);
    expect(renderedToolName(short)).toBe(short);
    expect(mayBeShortForm(short)).toBe(true);
  });

  it('keeps the start of the name readable', () => {
    expect(renderedToolName(long83).startsWith(long83.slice(0, 53))).toBe(true);
    expect(renderedToolName('dotted.name').startsWith('dotted_name_')).toBe(true);
    expect(renderedToolName('9starts').startsWith('_9starts_')).toBe(true);
  });

  it('gives names that differ only after the cut, or only in a refused character, different short forms', () => {
    const a = `${long83}a`;
    const b = `${long83}b`;
    expect(renderedToolName(a)).not.toBe(renderedToolName(b));
    expect(renderedToolName('a.b')).not.toBe(renderedToolName('a:b'));
    expect(renderedToolName('a.b')).not.toBe('a_b');
  });
});

describe('mayBeShortForm', () => {
  it.each(['lookup', 'mcp__gh__create_issue', 'x_0123456789', 'x_0123456789a'])('%s is no short form', (name) => {
    expect(mayBeShortForm(name)).toBe(name === 'x_0123456789');
  });
});

describe('visibleTool', () => {
  const tool = (name: string) => {
    const content = { name, description: 'd', inputSchema: { type: 'object' } };
    return { ...content, contentHash: contentHash(content) };
  };

  it('is the stored content, and its stored hash, under a name every provider accepts', () => {
    expect(visibleTool(tool('lookup'))).toEqual(tool('lookup'));
  });

  it('hashes the content as sent under a short form', () => {
    const visible = visibleTool(tool('dotted.name'));
    expect(visible).toEqual(tool(renderedToolName('dotted.name')));
  });
});
