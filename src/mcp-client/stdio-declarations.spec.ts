import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { DeclaredServers, readStdioDeclarations } from './stdio-declarations';

const ORG = '6b0f3e9e-1f4c-4c55-9a57-2f8f0d6f1c11';

it("reads the operator's file as docs/mcp-connections.md shows it", () => {
  const page = readFileSync(path.join(projectRoot(), 'docs/mcp-connections.md'), 'utf8');
  const example = /```json sketch\n([\s\S]*?)```/.exec(page)![1];
  expect(readStdioDeclarations(example, 'docs')).toEqual([
    {
      organizationId: ORG,
      projectId: null,
      name: 'memory',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory'],
      env: { MEMORY_FILE_PATH: '/var/lib/loadout/memory.jsonl' },
      cwd: '/var/lib/loadout',
    },
  ]);
});

it.each([
  ['{"servers": {}}', /must hold/],
  ['{"servers": [{"organization": "x", "name": "a", "command": "c"}]}', /servers\[0\]\.organization/],
  [`{"servers": [{"organization": "${ORG}", "name": "a b", "command": "c"}]}`, /servers\[0\]\.name/],
  [`{"servers": [{"organization": "${ORG}", "name": "a", "command": "c", "env": {"K": 1}}]}`, /servers\[0\]\.env/],
  [
    `{"servers": [{"organization": "${ORG}", "name": "a", "command": "c"}, {"organization": "${ORG}", "name": "a", "command": "d"}]}`,
    /twice/,
  ],
])('refuses %s, naming what is wrong', (text, error) => expect(() => readStdioDeclarations(text, 'f')).toThrow(error));

it('never quotes a value of the file in an error', () => {
  const text = `{"servers": [{"organization": "${ORG}", "name": "a", "command": "c", "env": {"TOKEN": "sk-secret-1"}, "args": "sk-secret-2"}]}`;
  expect(() => readStdioDeclarations(text, 'f')).toThrow(/^(?!.*sk-secret).*$/);
});

it('reads the file again when it changes, and keeps the last good declarations when the change does not read', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'loadout-stdio-')), 'servers.json');
  writeFileSync(file, '{"servers": []}');
  const errors: string[] = [];
  const declared = new DeclaredServers(file, (m) => errors.push(m));
  expect(declared.current()).toEqual({ declared: [], changed: false });
  writeFileSync(file, `{"servers": [{"organization": "${ORG}", "name": "mem", "command": "node"}]}`);
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  expect(declared.current()).toMatchObject({ declared: [{ name: 'mem' }], changed: true });
  writeFileSync(file, '{"servers": [');
  utimesSync(file, new Date(), new Date(Date.now() + 10_000));
  expect(declared.current()).toMatchObject({ declared: [{ name: 'mem' }], changed: false });
  expect(errors).toEqual(['LOADOUT_MCP_STDIO_SERVERS is not JSON']);
});
