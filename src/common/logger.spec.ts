import { QueryFailedError } from 'typeorm';
import { errorForLog } from './logger';

describe('errorForLog', () => {
  it("shows a driver's error wrapped by TypeORM by its message and SQLSTATE, without its parameters", () => {
    const driverError = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const logged = errorForLog(new QueryFailedError('INSERT INTO t VALUES ($1)', ['secret'], driverError));
    expect(logged).toMatchObject({
      type: 'QueryFailedError',
      message: 'deadlock detected',
      code: '40P01',
      query: 'INSERT INTO t VALUES ($1)',
    });
    expect(JSON.stringify(logged)).not.toContain('secret');
  });

  it('shows a thrown object that is no Error by its message and code, or its kind; never "[object Object]"', () => {
    expect(errorForLog({ message: 'lock timeout', code: '55P03' })).toEqual({ message: 'lock timeout', code: '55P03' });
    expect(errorForLog({ rows: [1] })).toEqual({ message: 'a thrown Object, not an Error' });
    expect(errorForLog('plain')).toEqual({ message: 'plain' });
  });
});
