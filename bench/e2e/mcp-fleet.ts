import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { childScript } from './paths';

/**
 * The probing scenario's MCP servers (mcp-fleet-server.ts), in a process of
 * their own so that their work is not the bench's: its port, the URL of
 * server i, and how many tools/list requests they have answered.
 */
export class McpFleet {
  private constructor(
    private readonly child: ChildProcessByStdio<Writable, Readable, null>,
    private readonly lines: Interface,
    readonly port: number,
  ) {}

  static async start(toolsEach: number): Promise<McpFleet> {
    const child = spawn(process.execPath, [childScript('mcp-fleet-server')], {
      env: { ...process.env, TOOLS_EACH: String(toolsEach) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the MCP fleet exited with ${code} before listening`)));
    });
    return new McpFleet(child, lines, (JSON.parse(first) as { port: number }).port);
  }

  url(i: number): string {
    return `http://127.0.0.1:${this.port}/s/${i}`;
  }

  /** The tools/list requests the servers have answered so far. */
  listRequests(): Promise<number> {
    const answer = new Promise<string>((resolve) => this.lines.once('line', resolve));
    this.child.stdin.write('count\n');
    return answer.then((line) => (JSON.parse(line) as { listRequests: number }).listRequests);
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin.end();
    return exited;
  }
}
