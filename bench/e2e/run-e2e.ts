import { failedFigure, type Figure } from './figures';
import { parseOptions, type Options, type ScenarioName } from './options';
import { progress } from './progress';
import { printTable, writeResults } from './report';
import { beginTurnScenario } from './scenarios/begin-turn';
import { budgetScenario } from './scenarios/budget';
import { coldOrganizationScenario } from './scenarios/cold-organization';
import { createToolsScenario } from './scenarios/create-tools';
import { editScenario } from './scenarios/edit';
import { instancesScenario } from './scenarios/instances';
import { organizationsScenario } from './scenarios/organizations';
import { probingScenario } from './scenarios/probing';
import { runtimeLoopScenario } from './scenarios/runtime-loop';
import { mcpGatewayScenario } from './scenarios/mcp-gateway';
import { recordToolCallsScenario } from './scenarios/record-tool-calls';
import { retentionScenario } from './scenarios/retention';
import { scaleScenario } from './scenarios/scale';
import { soakScenario } from './scenarios/soak';
import { toolboxScenario } from './scenarios/toolbox';

/**
 * `npm run bench:e2e`: the built server as its own process, loaded from
 * another process, every figure a ratio to a baseline measured in the same
 * run. One table on stdout, bench/results/latest.json on disk.
 */
const SCENARIOS: Record<ScenarioName, (options: Options) => Promise<Figure[]>> = {
  toolbox: toolboxScenario,
  beginTurn: beginTurnScenario,
  edit: editScenario,
  createTools: createToolsScenario,
  recordToolCalls: recordToolCallsScenario,
  budget: budgetScenario,
  retention: retentionScenario,
  scale: scaleScenario,
  organizations: organizationsScenario,
  coldOrganization: coldOrganizationScenario,
  instances: instancesScenario,
  probing: probingScenario,
  runtimeLoop: runtimeLoopScenario,
  mcpGateway: mcpGatewayScenario,
  soak: soakScenario,
};

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const figures: Figure[] = [];
  for (const name of options.scenarios) {
    progress(name, 'start');
    try {
      figures.push(...(await SCENARIOS[name](options)));
    } catch (error) {
      // One scenario failing is a finding, not the end of the run.
      figures.push(failedFigure(name, error));
    }
    progress(name, 'done');
  }
  printTable(figures);
  const file = writeResults(figures, { databaseKind: options.databaseKind, quick: options.quick, seconds: (Date.now() - started) / 1000 });
  console.log(`\n${options.databaseKind === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}; written to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
