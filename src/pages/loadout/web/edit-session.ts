import { stage, type StagedEdit } from './staging';

/**
 * The edits staged for one agent, and the loadout version they were staged
 * against: applying them expects that version still, so an edit made
 * elsewhere meanwhile is shown rather than overwritten. Views stage into it;
 * the Edit Loadout card shows it and applies it.
 */
export class EditSession {
  private staged: StagedEdit[] = [];
  private readonly listeners = new Set<() => void>();
  /** The agent's loadoutVersion when the first edit was staged; null while nothing is. */
  baseVersion: number | null = null;
  /** What the last apply did, for the card drawn after it; gone once anything is staged again. */
  applied: string | null = null;

  /** `agentId`: the agent whose settings and rules the edits change; null: project rules only. */
  constructor(readonly agentId: string | null) {}

  get edits(): readonly StagedEdit[] {
    return this.staged;
  }

  /** Stages `edit` against `version`, the agent's loadoutVersion the view showed. */
  stage(edit: StagedEdit, version: number): void {
    if (this.staged.length === 0) this.baseVersion = version;
    this.set(stage(this.staged, edit));
  }

  /** Replaces the whole set (a move stages two edits at once). */
  replace(edits: StagedEdit[], version: number): void {
    if (this.staged.length === 0) this.baseVersion = version;
    this.set(edits);
  }

  /** Takes the loadout as it is now as the one the edits are staged against: after reading it again, an apply can go through. */
  rebase(version: number): void {
    if (this.staged.length > 0) this.baseVersion = version;
  }

  unstage(index: number): void {
    this.set(this.staged.filter((_, i) => i !== index));
  }

  clear(): void {
    this.set([]);
  }

  /** Runs `listener` after every change of the set; answers a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(edits: StagedEdit[]): void {
    this.staged = edits;
    this.applied = null;
    if (edits.length === 0) this.baseVersion = null;
    for (const listener of this.listeners) listener();
  }
}
