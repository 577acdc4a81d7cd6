/**
 * What the explorer opens with: the caller's role, then the agents with their
 * toolboxes and the tool definitions, a page of each (a large organisation's
 * lists are not fetched whole). Checked against the query limits by
 * src/server/query-limits.spec.ts.
 */
export const DEFAULT_QUERY = `# Every request carries the Authorization header below (edit it under "Headers").
# Lists come a page at a time: pass pageInfo.endCursor as \`after\` for the next page.
query Start {
  me { role }
  agentsPage(first: 10) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { name toolbox(channel: "web") { toolCount schemaTokens tools { name } dropped { tool { name } reason } } } }
  }
  toolDefinitionsPage(first: 20) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { name source schemaTokens } }
  }
}
`;
