import { Length, Matches, MaxLength, MinLength, type ValidationOptions } from 'class-validator';
import { applyDecorators } from './apply-decorators';

/** docs/semantics.md §8, in one place. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const KEY_MAX = 64;

/**
 * Any name a toolbox can carry, as a rule or a tool call names it: a short
 * form, or a full `mcp__<server>__<tool>` name (5 + 64 + 2 + 128 = 199
 * characters at most), with room to spare. Otherwise free text.
 */
export const TOOL_NAME_MAX = 256;

/** An MCP tool's own name, as its server reports it (what an MCP server's enabledTools and disabledTools list). */
export const MCP_TOOL_NAME_MAX = 128;
/** What an MCP inventory takes as a tool's own name, so its server's lists can name every tool it carries. */
export const MCP_TOOL_NAME_PATTERN = /^[^\u0000-\u001f\u007f]+$/;

export const DESCRIPTION_MAX = 10_000;

/**
 * Items in one list argument, so no request holds a transaction or a core for
 * long: recordToolCalls batches (the benchmark sends 500), change sets, and
 * MCP inventories.
 */
export const CALLS_PER_BATCH_MAX = 1_000;
export const CHANGES_PER_SET_MAX = 200;
export const INVENTORY_TOOLS_MAX = 500;

/**
 * Channels, and context objects, of one organisation: every change compares
 * each agent class's toolboxes in every channel times every page situation.
 */
export const CATALOGUE_KEYS_MAX = 200;

const nameRule = (max: number, options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(
    MinLength(1, options),
    MaxLength(max, options),
    Matches(NAME_PATTERN, { ...options, message: '$property may use only letters, digits, _, - and .' }),
  );

export const IsCatalogueKey = (options?: ValidationOptions): PropertyDecorator => nameRule(KEY_MAX, options);

/** An MCP tool's own name: 1 to 128 letters, digits, `_`, `-`, `.` and `/`. */
export const IsToolName = (options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(
    Length(1, MCP_TOOL_NAME_MAX, { ...options, message: `$property must be 1 to ${MCP_TOOL_NAME_MAX} characters` }),
    Matches(MCP_TOOL_NAME_PATTERN, { ...options, message: '$property may not hold control characters' }),
  );
