import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { Kind, print, stripIgnoredCharacters, visit, type ASTNode, type DocumentNode } from 'graphql';
import type { RequestContext } from '../../../common/context';

const tracer = trace.getTracer('loadout');

/**
 * The GraphQL spans of a traced request (docs/operations.md, "Tracing"),
 * children of the request's span: `graphql.parse` and `graphql.validate`
 * when Apollo reads a document it has not kept, and the operation while
 * graphql-js executes it, named by its type and name. The operation's
 * context becomes the request's, so resolvers hang what they trace (a
 * completed turn) under it. A query the direct path answers is not executed
 * by graphql-js and has no operation span, as intended: the toolbox request
 * keeps its request span alone. A request that is not traced, or not
 * sampled, is given no hooks at all.
 */
export function graphqlSpans(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      const parent = contextValue.traceContext;
      if (!parent || !trace.getSpan(parent)?.isRecording()) return;
      let operation: Span | undefined;
      const listener: GraphQLRequestListener<RequestContext> = {
        async parsingDidStart() {
          return endOnError(tracer.startSpan('graphql.parse', undefined, parent));
        },
        async validationDidStart() {
          return endOnError(tracer.startSpan('graphql.validate', undefined, parent));
        },
        async executionDidStart({ operation: executed, document }) {
          const type = executed.operation;
          const name = executed.name?.value;
          const attributes = { 'graphql.operation.type': type, 'graphql.document': maskedDocument(document) };
          operation = tracer.startSpan(
            name ? `${type} ${name}` : type,
            { attributes: name ? { ...attributes, 'graphql.operation.name': name } : attributes },
            parent,
          );
          contextValue.traceContext = trace.setSpan(parent, operation);
        },
        // Ended with the answer, so that an error in any field marks it.
        async willSendResponse({ response }) {
          if (!operation) return;
          if (response.body.kind === 'single' && response.body.singleResult.errors?.length)
            operation.setStatus({ code: SpanStatusCode.ERROR });
          operation.end();
        },
      };
      return listener;
    },
  };
}

/** An end hook for a span of a step that may fail with one error or several. */
function endOnError(span: Span) {
  return async (error?: Error | readonly Error[]) => {
    if (error && (!Array.isArray(error) || error.length > 0)) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
}

/** Apollo keeps a document it has parsed, so each is printed once. */
const masked = new WeakMap<DocumentNode, string>();

/** Stands for a number or boolean until the document is compact; `*` itself is no GraphQL token. */
const HIDDEN = 'loadout_hidden_value';

/** The document, compact, with every value written into it shown as `*` (a string as `"*"`): only names and the shape are recorded. */
export function maskedDocument(document: DocumentNode): string {
  let text = masked.get(document);
  if (text === undefined) {
    const hidden = (node: ASTNode) => ({ ...node, kind: Kind.ENUM, value: HIDDEN });
    const printed = print(
      visit(document, {
        StringValue: (node) => ({ ...node, value: '*', block: false }),
        IntValue: hidden,
        FloatValue: hidden,
        BooleanValue: hidden,
      }),
    );
    text = stripIgnoredCharacters(printed).replaceAll(HIDDEN, '*');
    masked.set(document, text);
  }
  return text;
}
