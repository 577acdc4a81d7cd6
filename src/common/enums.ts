import { registerEnumType } from 'type-graphql';

/** GraphQL enums of the contract, each with its descriptions. */
export enum RoleEnum {
  ADMIN = 'ADMIN',
  EDITOR = 'EDITOR',
  RUNTIME = 'RUNTIME',
  VIEWER = 'VIEWER',
}
export enum BudgetLevelEnum {
  OK = 'OK',
  WARN = 'WARN',
  HOT = 'HOT',
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
registerEnumType(BudgetLevelEnum, {
  name: 'BudgetLevel',
  description: "How the budget report's estimatedToolCount stands against its thresholds (docs/semantics.md §7.3).",
  valuesConfig: {
    OK: { description: 'Below warnThreshold.' },
    WARN: { description: 'At or above warnThreshold, below hotThreshold.' },
    HOT: { description: 'At or above hotThreshold.' },
  },
});
