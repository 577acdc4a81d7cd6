import { readFileSync, statSync } from 'node:fs';

/**
 * The operator's file of MCP servers Loadout launches over stdio
 * (LOADOUT_MCP_STDIO_SERVERS; docs/mcp-connections.md, "Servers the
 * operator declares"). Only the operator names a command: a tenant sees the
 * server, never what runs it.
 */

export interface StdioDeclaration {
  organizationId: string;
  projectId: string | null;
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function readOne(value: unknown, at: string): StdioDeclaration {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${at} must be an object`);
  const { organization, project, name, command, args, env, cwd } = value as Record<string, unknown>;
  if (typeof organization !== 'string' || !UUID.test(organization)) throw new Error(`${at}.organization must be an organisation's id`);
  if (project !== undefined && project !== null && (typeof project !== 'string' || !UUID.test(project)))
    throw new Error(`${at}.project must be a project's id or null`);
  if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`${at}.name must be 1 to 64 letters, digits, _, - and .`);
  if (typeof command !== 'string' || command === '') throw new Error(`${at}.command must be a command`);
  if (args !== undefined && !isStrings(args)) throw new Error(`${at}.args must be a list of strings`);
  if (env !== undefined && (env === null || typeof env !== 'object' || !Object.values(env).every((v) => typeof v === 'string')))
    throw new Error(`${at}.env must map names to strings`);
  if (cwd !== undefined && typeof cwd !== 'string') throw new Error(`${at}.cwd must be a directory`);
  return {
    organizationId: organization.toLowerCase(),
    projectId: typeof project === 'string' ? project.toLowerCase() : null,
    name,
    command,
    args: args ?? [],
    env: (env as Record<string, string> | undefined) ?? {},
    ...(cwd === undefined ? {} : { cwd }),
  };
}

/** The declarations in the file's text; throws naming the entry and field that is wrong, never quoting a value. */
export function readStdioDeclarations(text: string, source: string): StdioDeclaration[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON`);
  }
  const servers = (parsed as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(servers)) throw new Error(`${source} must hold { "servers": [ … ] }`);
  const declared = servers.map((s, i) => readOne(s, `${source}: servers[${i}]`));
  const seen = new Set<string>();
  for (const d of declared) {
    const key = `${d.organizationId}/${d.name}`;
    if (seen.has(key)) throw new Error(`${source}: the server '${d.name}' is declared twice for organisation ${d.organizationId}`);
    seen.add(key);
  }
  return declared;
}

/**
 * LOADOUT_MCP_STDIO_SERVERS as it is now: read again whenever the file
 * changes, so an operator adds a server without a restart. A file that
 * stops reading well keeps the last good declarations; the error names the
 * entry and field, never a value.
 */
export class DeclaredServers {
  private declared: StdioDeclaration[] = [];
  private seen: string | null = null;

  /** `path` unset: none, ever. Throws at construction for a file that does not read, so a start stops on it. */
  constructor(
    private readonly path: string | undefined,
    private readonly onError: (message: string) => void,
  ) {
    if (path) this.declared = readStdioDeclarations(readFileSync(path, 'utf8'), 'LOADOUT_MCP_STDIO_SERVERS');
    this.seen = this.stamp();
  }

  private stamp(): string | null {
    if (!this.path) return null;
    try {
      const { mtimeMs, size } = statSync(this.path);
      return `${mtimeMs}/${size}`;
    } catch {
      return 'missing';
    }
  }

  /** The declarations now, and whether they were read again since the last call. */
  current(): { declared: readonly StdioDeclaration[]; changed: boolean } {
    const stamp = this.stamp();
    if (!this.path || stamp === this.seen) return { declared: this.declared, changed: false };
    this.seen = stamp;
    try {
      this.declared = readStdioDeclarations(readFileSync(this.path, 'utf8'), 'LOADOUT_MCP_STDIO_SERVERS');
      return { declared: this.declared, changed: true };
    } catch (error) {
      this.onError(error instanceof Error ? error.message : String(error));
      return { declared: this.declared, changed: false };
    }
  }
}
