import {
  copyField,
  copyRow,
  copyStart,
  migrationSection,
  quoteIdent,
  quoteLiteral,
  setSequence,
  tablesInDependencyOrder,
} from './dump-format';

describe('COPY text format', () => {
  it.each([
    ['plain', 'plain'],
    ['a\tb', 'a\\tb'],
    ['line\nnext', 'line\\nnext'],
    ['cr\rhere', 'cr\\rhere'],
    ['C:\\path', 'C:\\\\path'],
    ['\\N', '\\\\N'],
    ['', ''],
    ['{"a": "x\\ny"}', '{"a": "x\\\\ny"}'],
    ['ünïcødé 🙂', 'ünïcødé 🙂'],
  ])('writes %j as %j', (value, written) => {
    expect(copyField(value)).toBe(written);
  });

  it('writes NULL as \\N, distinct from the text \\N', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('\\N')).not.toBe(copyField(null));
  });

  it('separates a row with tabs and ends it with a newline', () => {
    expect(copyRow(['1', null, 'a\tb'])).toBe('1\t\\N\ta\\tb\n');
  });

  it('names the table and columns quoted', () => {
    expect(copyStart('turns', ['id', 'index'])).toBe('COPY "turns" ("id", "index") FROM stdin;\n');
  });
});

describe('SQL text', () => {
  it('quotes identifiers and literals by doubling their quote', () => {
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
    expect(quoteLiteral("it's")).toBe("'it''s'");
  });

  it('sets a column’s sequence by the column, whatever the sequence is called', () => {
    expect(setSequence('tool_calls', 'id', '42', true)).toBe(
      `SELECT pg_catalog.setval(pg_get_serial_sequence('"tool_calls"', 'id'), 42, true);\n`,
    );
  });

  it('writes a migration’s up script under its name, ended by a blank line', () => {
    expect(migrationSection('1-Foundation', '\nCREATE TABLE a (id int);\n\n')).toBe(
      '-- migration 1-Foundation\nCREATE TABLE a (id int);\n\n',
    );
  });
});

describe('tablesInDependencyOrder', () => {
  it.each([
    { tables: ['b', 'a'], foreignKeys: [], order: ['a', 'b'] },
    {
      tables: ['agents', 'organizations'],
      foreignKeys: [{ table: 'agents', references: 'organizations' }],
      order: ['organizations', 'agents'],
    },
    {
      tables: ['turns', 'conversations', 'snapshots', 'orgs'],
      foreignKeys: [
        { table: 'turns', references: 'conversations' },
        { table: 'turns', references: 'snapshots' },
        { table: 'conversations', references: 'orgs' },
        { table: 'snapshots', references: 'orgs' },
      ],
      order: ['orgs', 'conversations', 'snapshots', 'turns'],
    },
    { tables: ['conversations'], foreignKeys: [{ table: 'conversations', references: 'conversations' }], order: ['conversations'] },
    { tables: ['a'], foreignKeys: [{ table: 'a', references: 'elsewhere' }], order: ['a'] },
  ])('orders $tables as $order', ({ tables, foreignKeys, order }) => {
    expect(tablesInDependencyOrder(tables, foreignKeys)).toEqual(order);
  });

  it('puts every table after each one it references', () => {
    const foreignKeys = [
      { table: 'a', references: 'z' },
      { table: 'z', references: 'm' },
      { table: 'm', references: 'b' },
    ];
    const order = tablesInDependencyOrder(['a', 'b', 'm', 'z'], foreignKeys);
    for (const { table, references } of foreignKeys) expect(order.indexOf(table)).toBeGreaterThan(order.indexOf(references));
  });

  it('refuses a cycle, naming its tables', () => {
    expect(() =>
      tablesInDependencyOrder(
        ['a', 'b', 'c'],
        [
          { table: 'a', references: 'b' },
          { table: 'b', references: 'a' },
        ],
      ),
    ).toThrow('the foreign keys of a, b form a cycle');
  });
});
