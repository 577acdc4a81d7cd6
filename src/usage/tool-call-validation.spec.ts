import { toolCallProblems } from './tool-call-validation';
import type { ToolCallInput } from './usage.types';

const call = (over: Partial<ToolCallInput> = {}): ToolCallInput => ({ toolName: 'lookup', isError: false, ...over });

describe("a batch's tool calls, checked by hand", () => {
  it('passes calls within the rules, optional fields absent or at their bounds', () => {
    expect(
      toolCallProblems(
        [
          call(),
          call({ userId: 'u', idempotencyKey: 'k'.repeat(256), toolName: `mcp__${'s'.repeat(64)}__${'a.b/c-'.repeat(21)}ab` }),
          call({ toolName: 'x'.repeat(256) }),
          call({ toolName: 'free text: spaces, colons and all' }),
          call({ userId: 'x'.repeat(256) }),
        ],
        'calls',
      ),
    ).toEqual([]);
  });

  it('names each bad field by its path, every one of them', () => {
    expect(
      toolCallProblems(
        [
          call(),
          call({ toolName: 'a'.repeat(257) }),
          call({ toolName: '', userId: '' }),
          call({ toolName: 'a'.repeat(1000), idempotencyKey: 'k'.repeat(257) }),
          call({ userId: 'x'.repeat(257) }),
        ],
        'calls',
      ),
    ).toEqual([
      { path: 'calls[1].toolName', messages: ['must be 1 to 256 characters'] },
      { path: 'calls[2].userId', messages: ['must be 1 to 256 characters'] },
      { path: 'calls[2].toolName', messages: ['must be 1 to 256 characters'] },
      { path: 'calls[3].toolName', messages: ['must be 1 to 256 characters'] },
      { path: 'calls[3].idempotencyKey', messages: ['must be at most 256 characters'] },
      { path: 'calls[4].userId', messages: ['must be 1 to 256 characters'] },
    ]);
  });
});
