import { registerEnumType } from 'type-graphql';

/** The API key roles of the contract; each domain's own enums live beside their users. */
export enum RoleEnum {
  ADMIN = 'ADMIN',
  EDITOR = 'EDITOR',
  RUNTIME = 'RUNTIME',
  VIEWER = 'VIEWER',
}

registerEnumType(RoleEnum, {
  name: 'Role',
  description: 'What an API key may do; each role includes the ones below it (docs/semantics.md §2.1).',
  valuesConfig: {
    ADMIN: { description: 'Manages API keys and everything below.' },
    EDITOR: { description: 'Changes tools, agents, rules, mini apps, MCP servers, prices.' },
    RUNTIME: { description: 'Starts conversations, begins and completes turns, records tool calls.' },
    VIEWER: { description: 'Reads only.' },
  },
});
