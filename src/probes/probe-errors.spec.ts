import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { EgressRefused } from '../mcp-client/guarded-fetch';
import { PROBE_ERROR_MAX, probeErrorText } from './probe-errors';

it('blanks out every secret of the server, should an answer quote one back', () => {
  const error = new Error('401: token Bearer sk-live-1234 is not valid for key abcd-5678');
  expect(probeErrorText(error, ['Bearer sk-live-1234', 'abcd-5678'], 1000)).toBe('401: token [secret] is not valid for key [secret]');
});

it('says what a person can act on', () => {
  expect(probeErrorText(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), [], 1500)).toBe('no answer within 1500 ms');
  expect(probeErrorText(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), [], 1)).toBe(
    'the connection was refused: is the server running?',
  );
  expect(probeErrorText(new EgressRefused('10.0.0.1', 80), [], 1)).toMatch(/^not allowed: 10\.0\.0\.1:80/);
});

it('keeps a message to one line of bounded length', () => {
  const text = probeErrorText(new Error(`line one\nline two ${'x'.repeat(1000)}`), [], 1);
  expect(text).not.toContain('\n');
  expect(text.length).toBe(PROBE_ERROR_MAX);
});
