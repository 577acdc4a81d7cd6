import {
  Kind,
  parse,
  visit,
  type DocumentNode,
  type GraphQLError,
  type Source,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';

/** What graphql-js appends to a variable's name: input fields and list indexes (`[0].at`). */
const INPUT_PATH = String.raw`(?:\.[_A-Za-z][_0-9A-Za-z]*|\[\d+\])*`;

/** How graphql-js words a variable's coercion failures; a variable's validation errors (unused, wrong position) are worded otherwise. */
const COERCION = ['got invalid value ', 'of required type ', 'of non-null type '];

/** Each document parsed once, however many of its variables were refused. */
const documents = new WeakMap<Source, DocumentNode>();

/**
 * The input a variable refused by coercion names, as a path from the
 * operation's arguments like every other input error. graphql-js reports
 * `Variable "$calls" got invalid value … at "calls[0].at"; <reason>`: the
 * path after the variable's name is taken from the end of the message, where
 * no part of the echoed value can pose as it, and the variable's name becomes
 * the argument it is given to. Undefined for any other error.
 */
export function variableField(error: GraphQLError): string | undefined {
  const definition = error.nodes?.[0];
  if (definition?.kind !== Kind.VARIABLE_DEFINITION) return undefined;
  const name = definition.variable.name.value;
  if (!COERCION.some((words) => error.message.startsWith(`Variable "$${name}" ${words}`))) return undefined;
  const reason = error.originalError?.message;
  const head = reason !== undefined && error.message.endsWith(`; ${reason}`) ? error.message.slice(0, -(reason.length + 2)) : '';
  const path = new RegExp(` at "${name}(${INPUT_PATH})"$`).exec(head)?.[1] ?? '';
  return `${argumentOf(definition, name) ?? name}${path}`;
}

/** The argument path the variable is given to, where it is given to exactly one place of its operation. */
function argumentOf(definition: VariableDefinitionNode, name: string): string | undefined {
  const source = definition.loc?.source;
  if (!source) return undefined;
  const places = new Set<string>();
  try {
    let document = documents.get(source);
    if (!document) documents.set(source, (document = parse(source)));
    const operation = document.definitions.find(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.variableDefinitions?.some((v) => v.loc?.start === definition.loc?.start),
    );
    if (!operation) return undefined;
    visit(operation, {
      Argument: (argument) => {
        for (const place of placesOf(argument.value, name, argument.name.value)) places.add(place);
      },
    });
  } catch {
    return undefined;
  }
  return places.size === 1 ? [...places][0] : undefined;
}

function placesOf(value: ValueNode, name: string, path: string): string[] {
  if (value.kind === Kind.VARIABLE) return value.name.value === name ? [path] : [];
  if (value.kind === Kind.LIST) return value.values.flatMap((item, i) => placesOf(item, name, `${path}[${i}]`));
  if (value.kind === Kind.OBJECT) return value.fields.flatMap((field) => placesOf(field.value, name, `${path}.${field.name.value}`));
  return [];
}
