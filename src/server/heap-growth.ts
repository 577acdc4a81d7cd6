import { setFlagsFromString } from 'node:v8';

/**
 * On a machine with memory to spare, V8 lets its old generation grow to
 * about four times what the last full collection left live before it
 * collects again. Most of this server's heap is the compiled-loadout cache,
 * which lives long, so what requests and loads promote beside it piles up
 * until then, and the process's peak RSS with it (figures in
 * docs/operations.md, Memory). The price is a full collection for every
 * half of the live heap promoted.
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

/** The flag as given to node (the command line or NODE_OPTIONS), which wins over the setting. */
const GIVEN_TO_NODE = /--heap[-_]growing[-_]percent/;

/** Whether node was started with a heap growth of its own. */
export function heapGrowthGivenToNode(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return execArgv.some((arg) => GIVEN_TO_NODE.test(arg)) || GIVEN_TO_NODE.test(nodeOptions ?? '');
}

/**
 * Holds the old generation's growth between full collections to `percent`
 * of what the last one left live; 0 leaves V8's own policy. V8 reads the
 * flag at every collection, so it applies from the next one on.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent === 0 || heapGrowthGivenToNode(process.execArgv, process.env.NODE_OPTIONS)) return;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
