import { metricsAccess } from './metrics';

describe('metricsAccess', () => {
  it.each([
    ['loopback (IPv4), no token configured', '127.0.0.1', undefined, null, 200],
    ['loopback (IPv6), no token configured', '::1', undefined, null, 200],
    ['loopback (IPv4 mapped), no token configured', '::ffff:127.0.0.1', undefined, null, 200],
    ['another host, no token configured', '10.1.2.3', undefined, null, 403],
    ['another host presenting some token, none configured', '10.1.2.3', 'Bearer anything', null, 403],
    ['another host with the configured token', '10.1.2.3', 'Bearer s3cret', 's3cret', 200],
    ['loopback without the configured token', '127.0.0.1', undefined, 's3cret', 401],
    ['a wrong token', '127.0.0.1', 'Bearer s3cre', 's3cret', 401],
    ['an API key in place of the token', '127.0.0.1', 'Bearer lo_abc', 's3cret', 401],
  ] as const)('%s: %s', (_what, remote, authorization, token, status) => {
    expect(metricsAccess(remote, authorization, token)).toBe(status);
  });
});
