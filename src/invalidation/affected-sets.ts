import type { ChangedToolbox, ToolboxDiff } from '../loadout/change';
import type { SituationToolbox } from '../loadout/compiled';
import { PAGES_IN_ORDER } from '../loadout/rules';
import type { CompactAffectedSet, StoredAffectedToolbox } from './toolbox-invalidation.entity';

/**
 * The changed situations of an invalidation as stored, and back. An edit
 * every agent sees changes every situation of the catalogue (channels ×
 * pages), so a set is written as a grid: per channel, one cell per page
 * in situation order (PAGES_IN_ORDER, then RECORD with each context
 * object), holding the index of the situation's change, or nothing where
 * its toolbox did not change. Each change (two fingerprints and a diff) is
 * stored once.
 */

/**
 * `contextOrder`: the catalogue's context objects in situation order; the
 * grid's columns are the ones some changed situation names, in that order.
 */
export function compactAffected(changed: readonly ChangedToolbox[], contextOrder: readonly string[]): CompactAffectedSet {
  const named = new Set<string>();
  for (const c of changed) if (c.page.contextObject) named.add(c.page.contextObject);
  const contexts = contextOrder.filter((k) => named.has(k));
  const column = new Map(contexts.map((k, i) => [k, PAGES_IN_ORDER.length + i]));
  const channels = new Map<string, number>();
  const diffs = new Map<ToolboxDiff, number>();
  const diffsByContent = new Map<string, number>();
  const changes = new Map<SituationToolbox, Map<SituationToolbox, number>>();
  const set: CompactAffectedSet = { channels: [], diffs: [], changes: [], contexts, grid: [] };
  const rows: string[][] = [];
  for (const c of changed) {
    let channel = channels.get(c.channel.id);
    if (channel === undefined) {
      channel = set.channels.push({ id: c.channel.id, key: c.channel.key, name: c.channel.name }) - 1;
      channels.set(c.channel.id, channel);
      rows.push(new Array<string>(PAGES_IN_ORDER.length + contexts.length).fill(''));
    }
    // Situations of one class share their toolboxes: each change, its fingerprints and diff, stored once.
    let byNext = changes.get(c.previous);
    if (!byNext) changes.set(c.previous, (byNext = new Map()));
    let change = byNext.get(c.next);
    if (change === undefined) {
      // An edit seen everywhere makes the same diff everywhere: stored once.
      let diff = diffs.get(c.diff);
      if (diff === undefined) {
        const content = JSON.stringify(c.diff);
        diff = diffsByContent.get(content) ?? set.diffs.push(c.diff) - 1;
        diffs.set(c.diff, diff);
        diffsByContent.set(content, diff);
      }
      change = set.changes.push([packed(c.previous.fingerprint), packed(c.next.fingerprint), diff]) - 1;
      byNext.set(c.next, change);
    }
    const cell = c.page.contextObject ? column.get(c.page.contextObject)! : PAGES_IN_ORDER.indexOf(c.page.type);
    rows[channel][cell] = String(change);
  }
  set.grid = rows.map((row) => row.join(','));
  return set;
}

/** A stored set's changed situations, in situation order. */
export function expandAffected(set: CompactAffectedSet): StoredAffectedToolbox[] {
  const out: StoredAffectedToolbox[] = [];
  set.grid.forEach((row, channel) =>
    row.split(',').forEach((cell, i) => {
      if (cell === '') return;
      const fixed = i < PAGES_IN_ORDER.length;
      const [previous, next, diff] = set.changes[Number(cell)];
      out.push({
        channel: set.channels[channel],
        page: {
          type: fixed ? PAGES_IN_ORDER[i] : 'RECORD',
          contextObject: fixed ? null : set.contexts[i - PAGES_IN_ORDER.length],
          recordId: null,
        },
        previousFingerprint: unpacked(previous),
        newFingerprint: unpacked(next),
        diff: set.diffs[diff],
      });
    }),
  );
  return out;
}

/** Fingerprints are stored as base64url, two thirds of their hex: a set is mostly fingerprints. */
const packed = (hex: string): string => Buffer.from(hex, 'hex').toString('base64url');
const unpacked = (stored: string): string => Buffer.from(stored, 'base64url').toString('hex');
