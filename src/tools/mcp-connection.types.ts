import { ArrayMaxSize } from 'class-validator';
import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { JSONScalar } from '../common/scalars';
import type { JsonObject } from '../common/json';
import { described, enumOf } from '../loadout/edge';
import { MCP_HEADERS_MAX } from './mcp-server-address';
import { MCP_PROBE_STATUSES, MCP_TRANSPORTS, type McpProbeStatus } from './mcp-probe-status';

export const McpTransportEnum = enumOf(MCP_TRANSPORTS);
export const McpProbeStatusEnum = enumOf(MCP_PROBE_STATUSES);

registerEnumType(McpTransportEnum, {
  name: 'McpTransport',
  description:
    "How Loadout gets a server's tools: REPORTED by a runtime (reportMcpTools, reportMcpInventory), or fetched by Loadout itself over MCP's Streamable HTTP, the older SSE transport, or stdio (servers an operator declares; never registered through the API).",
  valuesConfig: described({
    REPORTED: 'A runtime reports its tools/list; Loadout never connects to it.',
    STREAMABLE_HTTP: "MCP's current HTTP transport, at the server's url.",
    SSE: 'The HTTP+SSE transport of MCP 2024-11-05, at the url of its event stream.',
    STDIO: "A command the operator's file (LOADOUT_MCP_STDIO_SERVERS) declares; Loadout launches it.",
  }),
});
registerEnumType(McpProbeStatusEnum, {
  name: 'McpProbeStatus',
  description: 'How fresh what Loadout holds of a server is (docs/mcp-connections.md, "Statuses").',
  valuesConfig: described({
    UNPROBED: 'No inventory yet, and no probe has failed: named in the budget report, not counted.',
    OK: 'The last probe (or, for a REPORTED server, a report) succeeded and is fresh.',
    STALE: 'The inventory is older than the stale age (LOADOUT_MCP_STALE_AFTER_MS): still counted and served, named as stale.',
    FAILING: 'The last probe failed (lastError says why); the last good inventory, if any, still counts and is served.',
  }),
});

@ObjectType('McpProbe', {
  description: "What Loadout last learned of a server by connecting to it; a REPORTED server's has only a status.",
})
export class McpProbeType {
  @Field(() => McpProbeStatusEnum, { description: 'The status now.' }) status: McpProbeStatus;
  @Field(() => Date, { nullable: true, description: 'When the last probe ended, well or not.' }) lastProbedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'When a probe last succeeded: the inventory was true then.' }) lastOkAt: Date | null;
  @Field(() => String, { nullable: true, description: 'What went wrong, in words a person can act on; never a secret.' })
  lastError: string | null;
  @Field(() => Date, { nullable: true, description: 'When the next probe is due (the interval, or the backoff after a failure).' })
  nextProbeAt: Date | null;
  @Field(() => String, { nullable: true, description: "From the server's initialize answer." }) serverName: string | null;
  @Field(() => String, { nullable: true, description: "From the server's initialize answer." }) serverVersion: string | null;
  @Field(() => String, { nullable: true, description: 'The MCP protocol revision the session agreed on.' }) protocolVersion: string | null;
  @Field(() => JSONScalar, { nullable: true, description: "The capabilities the server's initialize answer declared." })
  capabilities: JsonObject | null;
}

@InputType('McpHeaderInput', { description: 'A header Loadout sends to the server. Write-only: its value is never returned.' })
export class McpHeaderInput {
  @Field({ description: 'An HTTP header name (Authorization, X-Api-Key); not one the transport sets itself.' }) name: string;
  @Field({ description: 'Kept encrypted; never returned, logged or quoted in an error.' }) value: string;
}

/** The headers argument's description and bound, one for both inputs. */
export const HEADERS_FIELD = {
  nullable: true,
  description: `Headers sent on every request to the server, at most ${MCP_HEADERS_MAX}; their values are write-only secrets.`,
};
export const HeadersBound = () => ArrayMaxSize(MCP_HEADERS_MAX);
