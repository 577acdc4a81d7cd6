import { addressLines, existingDataLines, operatorTokenLines } from './startup-messages';

describe('start-up messages', () => {
  it('prints the debugger beside GraphQL, and the explorer only outside production', () => {
    const lines = addressLines('http://localhost:4000', false).join('\n');
    expect(lines).toContain('http://localhost:4000/graphql');
    expect(lines).toContain('conversation debugger: http://localhost:4000/debugger');
    expect(lines).toContain('GraphQL explorer');
    expect(addressLines('http://localhost:4000', true).join('\n')).not.toContain('explorer');
  });

  it.each([
    [['Acme Support (demo)'], true, 'stop the server, then run  npm run key -- --org "Acme Support (demo)"'],
    [['Acme', 'Globex'], true, 'stop the server, then run  npm run key -- --org <name>'],
    [['Acme'], false, 'lost the ADMIN key? run  npm run key -- --org "Acme"'],
  ])('on existing data %j (embedded: %s) says how to mint a key', (names, embedded, expected) => {
    expect(existingDataLines(names, embedded).join('\n')).toContain(expected);
  });

  it('says how to keep a generated operator token across restarts, and never echoes a configured one', () => {
    expect(operatorTokenLines('op_abc', true)).toEqual([
      'Operator token (generated for this run): op_abc',
      '  to keep it across restarts, start with  LOADOUT_ADMIN_TOKEN=op_abc',
    ]);
    expect(operatorTokenLines('op_secret', false).join('\n')).not.toContain('op_secret');
    expect(operatorTokenLines('op_secret', false).join('\n')).toContain('LOADOUT_ADMIN_TOKEN');
    expect(operatorTokenLines(null, false)).toEqual(['No LOADOUT_ADMIN_TOKEN set: createOrganization is disabled.']);
  });
});
