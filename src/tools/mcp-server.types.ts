import { ArrayMaxSize } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ID_TEXT, KEEP_TEXT, ownerProjectText } from '../common/schema-text';
import { IsCatalogueKey, IsToolName } from '../common/validation';
import { HEADERS_FIELD, HeadersBound, McpHeaderInput, McpTransportEnum } from './mcp-connection.types';
import type { McpTransport } from './mcp-probe-status';
import { RefusedMcpToolType } from './tool.types';

/** An MCP server's tool lists (docs/semantics.md §3.4), for the server and the inputs that set them. */
const MCP_LIST_TEXT = {
  enabledTools:
    "Tools of the server kept, by the server's own name for them (no mcp__ prefix); empty: no allow-list (filter MCP_FILTERED).",
  disabledTools: "Tools of the server dropped, by the server's own name for them; wins over enabledTools (filter MCP_FILTERED).",
  enabled: "A disabled server's tools drop (OWNER_DISABLED), and it is not in scope for requiresMcpServer.",
};

@ObjectType('McpServer', {
  description:
    'An MCP server whose tools/list inventory becomes tool definitions of source MCP: fetched by Loadout itself, or reported by a runtime (reportMcpTools).',
})
export class McpServerType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: "The registered name, unique in the organisation: the <server> of its tools' mcp__<server>__<tool> names." })
  name: string;
  @Field({ description: MCP_LIST_TEXT.enabled }) enabled: boolean;
  @Field(() => [String], { description: MCP_LIST_TEXT.enabledTools }) enabledTools: string[];
  @Field(() => [String], { description: MCP_LIST_TEXT.disabledTools }) disabledTools: string[];
  @Field({ description: 'False until it has an inventory, reported or probed: such a server is unprobed.' }) probed: boolean;
  @Field({
    description:
      'Whether the last inventory (a report, or a probe: its initialize answer) said the server advertises MCP resources; false before one.',
  })
  advertisesResources: boolean;
  @Field(() => Date, {
    nullable: true,
    description: 'When a report or a probe last changed the inventory; one that changes nothing leaves it.',
  })
  inventoryUpdatedAt: Date | null;
  @Field(() => [RefusedMcpToolType], {
    description:
      'Entries of the last inventory (reported or probed) that could not be stored at all, each with its reason; the others were carried.',
  })
  refusedTools: RefusedMcpToolType[];
  @Field(() => McpTransportEnum, { description: 'How Loadout gets its tools.' }) transport: McpTransport;
  @Field(() => String, { nullable: true, description: 'Where Loadout reaches it (STREAMABLE_HTTP, SSE); null otherwise.' })
  url: string | null;
  @Field(() => [String], { description: 'The names of the headers set; never their values.' }) headerNames: string[];
  organizationId: string;
  projectId: string | null;
}

@InputType('RegisterMcpServerInput', {
  description: 'A new MCP server; it has no tools until its first probe (or, REPORTED, its first inventory report).',
})
export class RegisterMcpServerInput {
  @Field(() => McpTransportEnum, {
    nullable: true,
    description: 'Default REPORTED. STDIO servers come from the operator, never from here.',
  })
  transport?: McpTransport;
  @Field(() => String, { nullable: true, description: 'For STREAMABLE_HTTP and SSE: an http or https URL this instance may reach.' })
  url?: string;
  @Field(() => [McpHeaderInput], HEADERS_FIELD) @HeadersBound() headers?: McpHeaderInput[];
  @Field({ description: 'The registered name: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation (CONFLICT).' })
  @IsCatalogueKey()
  name: string;
  @Field(() => ID, { nullable: true, description: ownerProjectText('server') }) projectId?: string;
  @Field({ nullable: true, description: `${MCP_LIST_TEXT.enabled} Default true.` }) enabled?: boolean;
  @Field(() => [String], { nullable: true, description: `${MCP_LIST_TEXT.enabledTools} Default empty.` })
  @ArrayMaxSize(1000)
  @IsToolName({ each: true })
  enabledTools?: string[];
  @Field(() => [String], { nullable: true, description: `${MCP_LIST_TEXT.disabledTools} Default empty.` })
  @ArrayMaxSize(1000)
  @IsToolName({ each: true })
  disabledTools?: string[];
}

@InputType('McpServerToolsPatch', {
  description: "An MCP server's tool lists and whether it is enabled, to change; one left out or null stays as it is.",
})
export class McpServerToolsPatch {
  @Field({ nullable: true, description: `${MCP_LIST_TEXT.enabled} ${KEEP_TEXT}` }) enabled?: boolean;
  @Field(() => [String], { nullable: true, description: `${MCP_LIST_TEXT.enabledTools} ${KEEP_TEXT}` })
  @ArrayMaxSize(1000)
  @IsToolName({ each: true })
  enabledTools?: string[];
  @Field(() => [String], { nullable: true, description: `${MCP_LIST_TEXT.disabledTools} ${KEEP_TEXT}` })
  @ArrayMaxSize(1000)
  @IsToolName({ each: true })
  disabledTools?: string[];
}

@InputType('UpdateMcpServerInput', { description: 'Settings of an MCP server to change; one left out or null stays as it is.' })
export class UpdateMcpServerInput extends McpServerToolsPatch {
  @Field(() => String, { nullable: true, description: `Where Loadout reaches a STREAMABLE_HTTP or SSE server. ${KEEP_TEXT}` }) url?: string;
  @Field(() => [McpHeaderInput], {
    ...HEADERS_FIELD,
    description: `${HEADERS_FIELD.description} Replaces every header; an empty list removes them.`,
  })
  @HeadersBound()
  headers?: McpHeaderInput[];
}
