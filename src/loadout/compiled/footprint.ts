import type { CompiledLoadout } from './compile';
import type { ToolRow } from './rows';
import { LOADOUT_DEFAULTS } from '../vocabulary';

// Why the cache is bounded by this estimate: docs/architecture.md, note "Cache memory"; how its costs
// were measured: docs/performance.md, "Figures behind the code".
/** What a compiled loadout costs on the heap, estimated from counts and string lengths. */
export const FOOTPRINT_BYTES = {
  /** The loadout's maps, sets and rows object, with no definition or agent. */
  loadout: 4_000,
  /** A definition's row and compiled part (what is sent is the row itself unless its name is rendered), beside its text and lists. */
  tool: 500,
  /** A channel or context object a definition lists (its place in the list; equal lists share one array and one set). */
  listedKey: 25,
  /** Per character of description and name (one-byte strings). */
  textChar: 1,
  /** Per character of the input schema's JSON, parsed into objects. */
  schemaChar: 1.4,
  /** An agent's row, compiled part and remembered class key. */
  agent: 480,
  rule: 300,
  /** A channel, context object, mini app or MCP server row. */
  catalogueRow: 250,
  /** A situation remembered for comparisons (channels × pages). */
  situation: 200,
  /** A remembered toolbox: its key, its map slot, its fingerprint once asked for. */
  toolbox: 400,
  /** A toolbox entry: one reference. */
  toolboxEntry: 8,
} as const;

/** Input schemas measured per loadout, spread evenly over its definitions: measuring all of them costs as much as compiling them (docs/performance.md, "Figures behind the code"). */
const SCHEMA_SAMPLES = 64;

/** The definitions' own bytes: text and lists counted exactly, schemas from an even sample. */
function toolsBytes(rows: readonly ToolRow[]): number {
  let bytes = 0;
  for (const row of rows) {
    bytes +=
      FOOTPRINT_BYTES.tool +
      (row.name.length + row.description.length) * FOOTPRINT_BYTES.textChar +
      (row.channelKeys.length + row.contextObjectKeys.length) * FOOTPRINT_BYTES.listedKey;
  }
  const step = Math.max(1, Math.ceil(rows.length / SCHEMA_SAMPLES));
  let sampled = 0;
  let schemaChars = 0;
  for (let i = 0; i < rows.length; i += step, sampled++) schemaChars += JSON.stringify(rows[i].inputSchema).length;
  return Math.round(bytes + (sampled ? (schemaChars / sampled) * rows.length * FOOTPRINT_BYTES.schemaChar : 0));
}

/** The part of a loadout's size fixed at compile time, and what each toolbox it remembers later adds. */
export interface Footprint {
  fixedBytes: number;
  bytesPerToolbox: number;
}

export function loadoutFootprint(loadout: CompiledLoadout): Footprint {
  const { rows } = loadout;
  let fixed = FOOTPRINT_BYTES.loadout + toolsBytes(rows.tools);
  let widest = rows.agents.length ? 0 : LOADOUT_DEFAULTS.maxTools;
  for (const agent of rows.agents) widest = Math.max(widest, agent.maxTools);
  fixed += rows.agents.length * FOOTPRINT_BYTES.agent + rows.rules.length * FOOTPRINT_BYTES.rule;
  const catalogue = rows.channels.length + rows.contextObjects.length + rows.miniApps.length + rows.mcpServers.length;
  fixed += catalogue * FOOTPRINT_BYTES.catalogueRow;
  fixed += rows.channels.length * (3 + rows.contextObjects.length) * FOOTPRINT_BYTES.situation;
  return {
    fixedBytes: fixed,
    bytesPerToolbox: FOOTPRINT_BYTES.toolbox + Math.min(widest, loadout.sorted.length) * FOOTPRINT_BYTES.toolboxEntry,
  };
}

/** The estimate now: toolboxes are remembered as they are first asked for. */
export const footprintBytes = (footprint: Footprint, loadout: CompiledLoadout): number =>
  footprint.fixedBytes + loadout.toolboxes.size * footprint.bytesPerToolbox;
