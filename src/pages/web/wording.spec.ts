import { actorText, droppedDiffers, dropSentence, effectPhrase, scopeOf, type DropFacts } from './wording';

describe("the debugger's sentences", () => {
  it.each<[string, DropFacts, string]>([
    [
      'a schema the provider refuses',
      {
        name: 'mcp__fs__tag',
        reason: 'INCOMPATIBLE_SCHEMA',
        schemaRefusal: { message: 'rule array-items (OpenAI): every array schema has "items", at /properties/tags' },
      },
      'Its schema breaks rule array-items (OpenAI): every array schema has "items", at /properties/tags',
    ],
    [
      'a hint rule of the project',
      { name: 'mcp__fs__delete_file', reason: 'EXCLUDED', rule: { subject: 'hint:destructive', level: 'PROJECT' } },
      "Excluded by the project's rule hint:destructive",
    ],
    [
      'an agent rule',
      { name: 'Bash', reason: 'EXCLUDED', rule: { subject: 'tool:Bash', level: 'AGENT' } },
      "Excluded by the agent's rule tool:Bash",
    ],
    [
      'a project rule',
      { name: 'Bash', reason: 'EXCLUDED', rule: { subject: 'tool:Bash', level: 'PROJECT' } },
      "Excluded by the project's rule tool:Bash",
    ],
    [
      "the agent's own definition",
      { name: 'lookup', reason: 'SHADOWED', shadowedBy: { name: 'lookup', scope: 'AGENT' } },
      "Shadowed by the agent's lookup",
    ],
    [
      "the project's definition",
      { name: 'lookup', reason: 'SHADOWED', shadowedBy: { name: 'lookup', scope: 'PROJECT' } },
      "Shadowed by the project's lookup",
    ],
    [
      'an organisation-wide definition',
      { name: 'lookup', reason: 'SHADOWED', shadowedBy: { name: 'lookup', scope: 'ORGANIZATION' } },
      "Shadowed by the organisation's lookup",
    ],
    ['a winner whose place is not known', { name: 'lookup', reason: 'SHADOWED', shadowedBy: { name: 'lookup' } }, 'Shadowed by lookup'],
    [
      'a winner since deleted',
      { name: 'lookup', reason: 'SHADOWED', shadowedBy: null },
      'A more specific tool of the same name is carried instead (agent, project, organisation; ties by Sort Order)',
    ],
    ['a reason with nothing to name', { name: 'x', reason: 'CHANNEL' }, 'Not offered on this channel'],
  ])('a drop by %s reads once, naming what did it', (_, drop, sentence) => {
    expect(dropSentence(drop)).toBe(sentence);
  });

  it.each([
    [{ name: 'admin', role: 'ADMIN' as const }, 'by admin'],
    [{ name: 'ci deploy', role: 'EDITOR' as const }, 'by ci deploy (editor)'],
    [null, 'by the platform'],
  ])('names the actor %j once', (actor, text) => {
    expect(actorText(actor)).toBe(text);
  });

  it.each([
    [{ added: [], removed: [], changed: ['lookup_account'], reordered: false }, 'lookup_account changed'],
    [
      { added: ['create_ticket'], removed: ['summarise_case'], changed: [], reordered: false },
      'create_ticket added and summarise_case removed',
    ],
    [{ added: ['b'], removed: [], changed: ['a'], reordered: true }, 'a changed, b added and the order changed'],
    [{ added: [], removed: [], changed: [], reordered: false }, null],
  ])('names the tools a change touched: %j', (diff, phrase) => {
    expect(effectPhrase(diff)).toBe(phrase);
  });

  const cut: DropFacts = { name: 'create_ticket', reason: 'OVER_MAX_TOOLS' };
  const excluded: DropFacts = { name: 'Bash', reason: 'EXCLUDED', rule: { subject: 'tool:Bash', level: 'AGENT' } };
  it.each<[string, DropFacts[] | undefined, DropFacts[], boolean]>([
    ['the first turn that left something out', undefined, [cut], true],
    ['the first turn that left nothing out', undefined, [], false],
    ['the same drops in another order', [cut, excluded], [excluded, cut], false],
    ['one more drop', [cut], [cut, excluded], true],
    ['one drop fewer', [cut, excluded], [cut], true],
    ['the same tool for another reason', [cut], [{ name: 'create_ticket', reason: 'INACTIVE' }], true],
    ['the same rule on another level', [excluded], [{ ...excluded, rule: { subject: 'tool:Bash', level: 'PROJECT' } }], true],
    ['nothing left out, as before', [], [], false],
  ])('lists what a turn left out again only where it differs: %s', (_, previous, dropped, differs) => {
    expect(droppedDiffers(previous, dropped)).toBe(differs);
  });

  it.each([
    [{ agent: { id: 'a' }, project: { id: 'p' } }, 'AGENT'],
    [{ agent: null, project: { id: 'p' } }, 'PROJECT'],
    [{ agent: null, project: null }, 'ORGANIZATION'],
  ])('places a definition %j', (definition, scope) => {
    expect(scopeOf(definition)).toBe(scope);
  });
});
