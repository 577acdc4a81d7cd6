import { PreviewToolboxDocument, type ToolboxPartsFragment } from '../generated/graphql';
import type { Client } from './client';

type Listed = Pick<ToolboxPartsFragment['tools'][number], 'position' | 'name' | 'schemaTokens'>;

/** What the agent would carry on this channel now; records nothing. */
export async function previewToolbox(client: Client, agentId: string, channel: string): Promise<ToolboxPartsFragment> {
  return (await client(PreviewToolboxDocument, { agentId, channel })).toolbox;
}

/** One line per carried tool, as the preview and a turn's toolbox both list them. */
export function describeCarried(tools: readonly Listed[]): string[] {
  return tools.map((t) => `${t.position}. ${t.name} (${t.schemaTokens} tokens)`);
}

/** One line per carried and per left-out tool. */
export function describeToolbox(box: ToolboxPartsFragment): string[] {
  const left = box.dropped.map((d) => {
    const why = d.rule ? `${d.reason} by ${d.rule.subject}` : d.shadowedBy ? `${d.reason} by ${d.shadowedBy.name}` : d.reason;
    return `- ${d.name}: ${why}`;
  });
  return [...describeCarried(box.tools), ...left];
}
