import { parse, type OperationDefinitionNode } from 'graphql';
import { operationLabel } from './index';

const operation = (source: string) => parse(source).definitions[0] as OperationDefinitionNode;

describe('operationLabel', () => {
  it.each([
    ['{ toolbox(agentId: "a") { fingerprint } }', 'toolbox'],
    ['query Mine { toolbox(agentId: "a") { fingerprint } }', 'toolbox'],
    ['query WhateverTheClientCallsIt { t: toolbox(agentId: "a") { fingerprint } }', 'toolbox'],
    ['mutation { recordToolCalls(calls: []) { accepted } }', 'recordToolCalls'],
    ['{ me { role } agents { id } }', 'multiple'],
    ['{ ...F } fragment F on Query { me { role } }', 'multiple'],
  ])('labels %s as %s: a schema name, never the client-chosen operation name', (source, label) => {
    expect(operationLabel(operation(source))).toBe(label);
  });
});
