import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig, type Config } from '../src/config';
import { keyCommand } from '../src/key-command';
import { startServer } from '../src/server/create-server';
import { CallerIdentityDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt, startTestServer } from './support/harness';
import { embeddedTemplate } from './support/migrated-template';
import { TestWorld } from './support/test-world';

/**
 * `npm run key -- --org <name>`: an operator who lost the ADMIN key shown
 * once mints another for the organisation, on the configured database.
 */
const run = async (args: string[], config: Config) => {
  const lines: string[] = [];
  const code = await keyCommand(args, config, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};
const keyIn = (output: string) => /^\s+(lo_\S+)$/m.exec(output)?.[1];

const configFor = (over: Partial<Config>): Config => ({
  ...readConfig({ NODE_ENV: 'production' }),
  port: 0,
  dataDir: 'memory://',
  adminToken: null,
  adminTokenGenerated: false,
  demo: 'never',
  production: true,
  ...over,
});

/** The role and organisation of `key` on the server at `url`. */
const me = async (url: string, key: string) => {
  const caller = (await graphqlAt(`${url}/graphql`).gql(key, CallerIdentityDocument)).data?.me;
  return caller && { role: caller.role, organization: caller.organization };
};

if (process.env.DATABASE_URL) {
  it('mints a working ADMIN key while the server runs, and says which name is ambiguous or unknown', async () => {
    const t = await startTestServer();
    try {
      await t.createOrganization('Acme');
      await t.createOrganization('Twice');
      await t.createOrganization('Twice');
      const config = configFor({ databaseUrl: t.databaseUrl });
      const minted = await run(['--org', 'Acme'], config);
      expect(minted.code).toBe(0);
      expect(await me(t.server.url, keyIn(minted.output)!)).toEqual({ role: 'ADMIN', organization: { name: 'Acme' } });

      const twice = await run(['--org', 'Twice'], config);
      expect(twice).toEqual({ code: 1, output: expect.stringContaining('give one of their ids') });
      const id = /\(([0-9a-f-]{36})/.exec(twice.output)![1];
      expect((await run([`--org=${id}`], config)).code).toBe(0);
      expect(await run(['--org', 'Nobody'], config)).toEqual({ code: 1, output: "No organisation is named 'Nobody'" });
      const listed = await run([], config);
      expect(listed.output).toContain('Acme  (');
    } finally {
      await t.stop();
    }
  });
} else {
  it('mints a working ADMIN key for an embedded data directory, refusing while a server has it open', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-key-'));
    try {
      const serverConfig = { port: 0, dataDir, adminToken: OPERATOR_TOKEN, production: true };
      // The directory starts as the migrated copy (a first start on an empty one is the quick start's spec).
      let server = await startServer({ ...serverConfig, embeddedTemplate: await embeddedTemplate() });
      const [{ adminKey }] = await new TestWorld(graphqlAt(`${server.url}/graphql`)).organizations(['Acme']);
      expect(adminKey).toMatch(/^lo_/);

      const refused = await run(['--org', 'Acme'], configFor({ dataDir, port: server.port }));
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('stop the server');
      await server.stop();

      const minted = await run(['--org', 'Acme'], configFor({ dataDir, port: server.port }));
      expect(minted.code).toBe(0);
      server = await startServer(serverConfig);
      expect(await me(server.url, keyIn(minted.output)!)).toEqual({ role: 'ADMIN', organization: { name: 'Acme' } });
      await server.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
