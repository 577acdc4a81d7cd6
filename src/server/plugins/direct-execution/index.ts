import { HeaderMap, type ApolloServerPlugin, type BaseContext, type GraphQLRequestListener } from '@apollo/server';
import type { OperationDefinitionNode } from 'graphql';
import type { Stats } from '../../../common/stats';
import { executeDirectly, resolveOnce } from './complete';
import { refusals, type DirectExecutionServer } from './guard';
import { planOperation, type DirectPlan } from './plan';

/**
 * Plain queries of an allow-listed root field answered without graphql-js's
 * executor. The toolbox query that agent runtimes send on every model
 * request is such a query, whose entries graphql-js would complete field
 * by field. Documents are planned once
 * (`plan.ts`: anything else is graphql-js's), run (`complete.ts`: anything
 * unusual is handed back, its root field resolved once), and the plugin
 * refuses to start beside anything it would bypass (`guard.ts`).
 */

export interface DirectExecutionOptions<C extends BaseContext> {
  /** The object given to `new ApolloServer`: checked at start for what the direct path would bypass. */
  server: DirectExecutionServer<C>;
  /** Where requests answered and handed back are counted. */
  stats: Pick<Stats, 'directAnswered' | 'directHandedBack'>;
  /** The query fields answered directly; any other root field is graphql-js's. */
  rootFields?: readonly string[];
  /** Told of each request answered directly: the root field's value its answer was completed from, and the field. */
  onAnswer?: (context: C, value: unknown, rootField: string) => void;
}

/** By default, the query agent runtimes send on every turn, alone. */
export const DIRECT_ROOT_FIELDS: readonly string[] = ['toolbox'];

/** The Apollo plugin: plans once per parsed document (Apollo keeps parsed documents), answers eligible queries directly. */
export function directExecution<C extends object>({
  server,
  stats,
  rootFields = DIRECT_ROOT_FIELDS,
  onAnswer,
}: DirectExecutionOptions<C>): ApolloServerPlugin<C> {
  const allowed = new Set(rootFields);
  // The application's plugins: any the server holds at start beyond these, Apollo installed by itself.
  const given = new Set(server.plugins ?? []);
  const plans = new WeakMap<OperationDefinitionNode, DirectPlan | null>();
  const hooks: GraphQLRequestListener<C> = {
    async responseForOperation({ schema, document, operation, request, contextValue }) {
      // No operation matched the request's name (or several had none): Apollo answers that itself, with its 400.
      if (!operation) return null;
      let plan = plans.get(operation);
      if (plan === undefined) {
        plan = planOperation(schema, document, operation, allowed);
        plans.set(operation, plan);
      }
      if (!plan) return null;
      const answered = await executeDirectly(plan, schema, operation, request.variables, contextValue);
      if (!answered) {
        stats.directHandedBack++;
        return null;
      }
      stats.directAnswered++;
      onAnswer?.(contextValue, answered.value, plan.field.name);
      return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data: answered.data } } };
    },
  };
  const plugin: ApolloServerPlugin<C> = {
    async serverWillStart(started) {
      const reasons = await refusals(plugin, server, given, started, allowed);
      if (reasons.length) {
        throw new Error(
          `Direct execution refuses to start:\n${reasons.map((r) => `- ${r}`).join('\n')}\nRemove these, or turn direct execution off (LOADOUT_DIRECT_EXECUTION=off).`,
        );
      }
      const queryFields = started.schema.getQueryType()!.getFields();
      for (const name of allowed) resolveOnce(queryFields[name]);
    },
    async requestDidStart() {
      return hooks;
    },
  };
  return plugin;
}
