import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { Kind, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import type { RequestContext } from '../../../common/context';
import type { Stats } from '../../../common/stats';
import { RETRY_AFTER_SECONDS } from '../../../common/unavailable';
import type { Metrics } from '../../metrics';
import { finishOperationErrors, logOperationErrors } from '../../operation-errors';

/**
 * The operation a request runs, as a metrics label: its root field (a
 * name of the schema, so the label set is bounded whatever clients send),
 * `multiple` for several root fields.
 */
export function operationLabel(operation: OperationDefinitionNode): string {
  const selections = operation.selectionSet.selections;
  return selections.length === 1 && selections[0].kind === Kind.FIELD ? selections[0].name.value : 'multiple';
}

/**
 * Per request: logs internal errors and outages with the request id, counts
 * errors by code, gives masked errors the request id and an outage a
 * `Retry-After`, and observes the latency once, by operation. Nothing is
 * logged for a request that succeeds; the hooks are one shared object.
 */
export function requestObserver(stats: Stats, metrics: Metrics): ApolloServerPlugin<RequestContext> {
  const hooks: GraphQLRequestListener<RequestContext> = {
    async didEncounterErrors({ errors, contextValue }) {
      logOperationErrors(errors, contextValue.requestId);
    },
    async willSendResponse({ response, contextValue, operation }) {
      if (contextValue.startedAt !== undefined) metrics.observe(operation ? operationLabel(operation) : 'unknown', contextValue.startedAt);
      if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
      const errors = response.body.singleResult.errors as GraphQLFormattedError[];
      if (finishOperationErrors(errors, contextValue.requestId, stats))
        response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    },
  };
  return {
    async requestDidStart() {
      return hooks;
    },
  };
}
