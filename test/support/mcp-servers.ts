import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { freePort } from './free-port';

/** What one real MCP server answered to `tools/list`, every page, each entry exactly as the SDK's client returned it. */
export interface RealToolList {
  server: string;
  tools: Array<Record<string, unknown>>;
}

interface RealServer {
  server: string;
  pkg: string;
  args: (dir: string) => string[];
  env?: (dir: string) => Record<string, string>;
}

/** The reference servers installed as devDependencies, and how each runs on stdio. */
const REFERENCE_SERVERS: RealServer[] = [
  { server: 'everything', pkg: '@modelcontextprotocol/server-everything', args: () => ['stdio'] },
  { server: 'filesystem', pkg: '@modelcontextprotocol/server-filesystem', args: (dir) => [dir] },
  {
    server: 'memory',
    pkg: '@modelcontextprotocol/server-memory',
    args: () => [],
    env: (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }),
  },
];

/** Every tool name the Lark server knows, from its own catalogue: it lists only those it is told to. */
export function larkToolNames(): string {
  const catalogue = require('@larksuiteoapi/lark-mcp/dist/mcp-tool/tools') as { AllTools: Array<{ name: string }> };
  return catalogue.AllTools.map((tool) => tool.name).join(',');
}

/**
 * The two largest inventories installed as devDependencies, each listing
 * without credentials and without a network: Microsoft 365 with its work
 * and school tools (`--org-mode`), and Lark with every tool a user token
 * can call (a made-up app id and secret are never used to list). Each keeps
 * its token cache in the run's own directory.
 */
const LARGEST_SERVERS: RealServer[] = [
  { server: 'ms365', pkg: '@softeria/ms-365-mcp-server', args: () => ['--org-mode'], env: (dir) => ({ HOME: dir }) },
  {
    server: 'lark',
    pkg: '@larksuiteoapi/lark-mcp',
    args: () => ['mcp', '-a', 'cli_offline', '-s', 'offline', '--token-mode', 'user_access_token', '-t', larkToolNames()],
    env: (dir) => ({ HOME: dir }),
  },
];

const TIMEOUT_MS = 20_000;

/** The package's one `bin` script, resolved from node_modules. */
export function binOf(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(manifestPath), bin);
}

async function readToolList({ server, pkg, args, env }: RealServer): Promise<RealToolList> {
  const dir = await mkdtemp(join(tmpdir(), `loadout-mcp-${server}-`));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binOf(pkg), ...args(dir)],
    env: env?.(dir),
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const client = new Client({ name: 'loadout-test', version: '0.0.0' });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${server}: no complete tools/list within ${TIMEOUT_MS} ms; stderr:\n${stderr}`)),
      TIMEOUT_MS,
    );
  });
  const list = async (): Promise<RealToolList> => {
    await client.connect(transport);
    const tools: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { server, tools };
  };
  try {
    return await Promise.race([list(), timeout]);
  } finally {
    clearTimeout(timer);
    const pid = transport.pid;
    await client.close().catch(() => undefined);
    if (pid !== null) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** Starts the three reference MCP servers over stdio, in parallel, and returns each one's complete tool list. */
export function readRealToolLists(): Promise<RealToolList[]> {
  return Promise.all(REFERENCE_SERVERS.map(readToolList));
}

/** Starts Microsoft 365's and Lark's MCP servers over stdio, in parallel, and returns each one's complete tool list. */
export function readLargestToolLists(): Promise<RealToolList[]> {
  return Promise.all(LARGEST_SERVERS.map(readToolList));
}

/** The reference "everything" server run for real on 127.0.0.1, in one of its HTTP modes, once it says it listens. */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [binOf('@modelcontextprotocol/server-everything'), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (/listening|running/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, port };
}
