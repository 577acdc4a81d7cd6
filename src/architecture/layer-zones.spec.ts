import { ESLint } from 'eslint';
import { projectRoot } from '../common/project-root';

/**
 * Each direction the import graph once ran against its floors, and each
 * upward direction between the core's floors, as a trial import from a
 * file of the lower floor: eslint's zones refuse it, in the editor and in
 * `npm run check:lint`, before the graph's spec would.
 */
const REFUSED: Array<[file: string, specifier: string]> = [
  ['src/organizations/organization.resolver.ts', '../agents/agent.resolver'],
  ['src/organizations/organization.types.ts', '../agents/agent.types'],
  ['src/agents/agent.resolver.ts', '../toolbox/toolbox.types'],
  ['src/tools/tool-definition.resolver.ts', '../toolbox/stored-objects'],
  ['src/usage/usage.service.ts', '../budget/budget-report'],
  ['src/request-loaders.ts', './app-services'],
  ['src/app-services.ts', './config'],
  ['src/server/create-server.ts', '../config'],
  ['src/pages/debugger/debugger-page.ts', '../../server/metrics'],
  ['src/pages/explorer/build-explorer.ts', '../../server/http-limits'],
  ['src/pages/front-page.ts', '../server/create-server'],
  ['src/schema/build-schema.ts', '../pages/front-page'],
  ['src/common/errors.ts', '../loadout/vocabulary'],
  ['src/loadout/rules/filters.ts', '../organizations/organization.types'],
  ['src/loadout/testing/oracle.ts', '../../invalidation/affected-sets'],
  ['src/loadout/tokens/providers.ts', '../../tools/json-schema'],
  ['src/loadout/vocabulary.ts', './tokens/tool-names'],
  ['src/loadout/tokens/providers.ts', '../rules/facts'],
  ['src/loadout/rules/filters.ts', '../compiled/compile'],
  ['src/loadout/compiled/cache.ts', '../edge/stored-rows'],
  ['src/loadout/compiled/compile.ts', '../change/toolbox-diff'],
  ['src/loadout/change/changed-toolboxes.ts', '../edge/graphql-enums'],
  ['src/loadout/edge/change.ts', '../testing/oracle'],
];

/** Directions the floors allow, so that the zones are seen to refuse only what runs upward. */
const ALLOWED: Array<[file: string, specifier: string]> = [
  ['src/agents/agent.types.ts', '../organizations/organization.types'],
  ['src/budget/budget-report.ts', '../usage/usage-scope'],
  ['src/server/create-server.ts', '../pages/front-page'],
  ['src/config.ts', './server/http-limits'],
  ['src/loadout/compiled/compile.ts', '../rules/facts'],
  ['src/loadout/edge/change.ts', '../compiled/compile'],
  ['src/loadout/rules/filters.spec.ts', '../compiled/compile'],
  ['src/loadout/compiled/compile.spec.ts', '../testing/oracle'],
];

const eslint = new ESLint({
  cwd: projectRoot(),
  // The trial text is parsed without the type checker: the zones read import specifiers only.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath: file });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("eslint's zones", () => {
  it.each(REFUSED)('refuse an import from %s of %s', async (file, specifier) => {
    const messages = await refusals(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^no-restricted-imports: .*is on a floor above this file's/);
  });

  it.each(ALLOWED)('allow an import from %s of %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });
});
