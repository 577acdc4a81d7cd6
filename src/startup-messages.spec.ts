import { addressLines, demoLines, existingDataLines, exportLines, operatorTokenLines, stepLine, tracingLines } from './startup-messages';

describe('start-up messages', () => {
  it('prints the debugger beside GraphQL, and the explorer only outside production', () => {
    const lines = addressLines('http://localhost:4000', false).join('\n');
    expect(lines).toContain('http://localhost:4000/graphql');
    expect(lines).toContain('conversation debugger: http://localhost:4000/debugger');
    expect(lines).toContain('agent runtime preview and tools: http://localhost:4000/loadout');
    expect(lines).toContain('GraphQL explorer');
    expect(addressLines('http://localhost:4000', true).join('\n')).not.toContain('explorer');
  });

  it('says where traces go only when they go somewhere, never with the credentials of their URL', () => {
    expect(tracingLines(null, 'loadout')).toEqual([]);
    expect(tracingLines('https://user:secret@collector.example.com:4318/v1/traces', 'loadout')).toEqual([
      '  traces: OTLP to https://collector.example.com:4318/v1/traces as service "loadout"',
    ]);
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

  it('names each step with its time in seconds, and what it did', () => {
    expect(stepLine('migrations', 1260, '2 applied')).toBe('migrations 1.3 s: 2 applied');
    expect(stepLine('ready', 48)).toBe('ready 0.0 s');
  });

  it('ends with lines to paste that set LOADOUT_URL and LOADOUT_KEY, the key only when this start made one', () => {
    expect(exportLines('http://localhost:4000', 'lo_abc').slice(1)).toEqual([
      'export LOADOUT_URL=http://localhost:4000',
      'export LOADOUT_KEY=lo_abc',
    ]);
    const withoutKey = exportLines('http://localhost:4000', null);
    expect(withoutKey.slice(1)).toEqual(['export LOADOUT_URL=http://localhost:4000']);
    expect(withoutKey[0]).toContain('LOADOUT_KEY=<an ADMIN key>');
  });

  it('points the demo at the debugger and GraphQL with the key it exports, without printing the key itself', () => {
    const lines = demoLines('http://localhost:4000').join('\n');
    expect(lines).toContain('http://localhost:4000/debugger');
    expect(lines).toContain('Authorization: Bearer $LOADOUT_KEY');
    expect(lines).not.toMatch(/lo_/);
  });
});
