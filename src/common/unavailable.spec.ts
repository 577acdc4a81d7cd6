import { QueryFailedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { toClientError } from './errors';
import { isDatabaseUnavailable } from './unavailable';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });
const failedQuery = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['the pool wait running out', new Error('timeout exceeded when trying to connect')],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['a client that already failed', new Error('Client has encountered a connection error and is not queryable')],
    ['a terminated backend (admin_shutdown)', failedQuery(pgError('57P01', 'terminating connection due to administrator command'))],
    ['a server in recovery (cannot_connect_now)', pgError('57P03', 'the database system is starting up')],
    ['too many connections', pgError('53300')],
    ['a database closed to connections', pgError('55000', 'database "loadout" is not currently accepting connections')],
    ['statement_timeout', failedQuery(pgError('57014', 'canceling statement due to statement timeout'))],
    ['a connection exception (class 08)', pgError('08006')],
    ['a transaction whose connection failed between two statements', new QueryRunnerProviderAlreadyReleasedError()],
    ['an outage as the cause of another error', new Error('wrapped', { cause: pgError('57P01') })],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', failedQuery(pgError('23505', 'duplicate key value'))],
    ['another object_not_in_prerequisite_state', failedQuery(pgError('55000', 'lastval is not yet defined in this session'))],
    ['a syntax error', failedQuery(pgError('42601', 'syntax error'))],
    ['invalid text for a uuid', failedQuery(pgError('22P02', 'invalid input syntax for type uuid'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('toClientError', () => {
  it('makes an outage SERVICE_UNAVAILABLE with a message that says to retry and names no internals', () => {
    const mapped = toClientError(failedQuery(pgError('57P01', 'terminating connection due to administrator command')));
    expect(mapped.code).toBe('SERVICE_UNAVAILABLE');
    expect(mapped.message).toMatch(/retry/);
    expect(mapped.message).not.toMatch(/administrator|SELECT/);
  });

  it('keeps a bug an internal error', () => {
    expect(toClientError(new TypeError('boom')).code).toBe('INTERNAL_SERVER_ERROR');
  });
});
