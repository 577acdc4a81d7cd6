import { isSpecialAddress, mayAsk, mayConnect, readEgressPolicy } from './egress-policy';

describe('addresses no tenant reaches by default', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
  ])('%s is special', (address) => expect(isSpecialAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isSpecialAddress(address)).toBe(false),
  );
});

describe('unset, any name at a public address', () => {
  const policy = readEgressPolicy(undefined);
  it('allows a public address and refuses a private one, whatever the name', () => {
    expect(mayConnect(policy, 'mcp.example.com', 443, '93.184.216.34')).toBe(true);
    expect(mayConnect(policy, 'mcp.example.com', 443, '10.0.0.5')).toBe(false);
    expect(mayAsk(policy, '127.0.0.1', 80)).toBe(false);
    expect(mayAsk(policy, 'localhost', 80)).toBe(true);
    expect(mayConnect(policy, 'localhost', 80, '127.0.0.1')).toBe(false);
  });
});

describe('an allow-list', () => {
  const policy = readEgressPolicy('mcp.example.com, *.tools.example.org:8443, 127.0.0.1:7000, 10.20.0.0/16');
  it('allows a listed name only at a public address, so a name rebound to a private one is refused', () => {
    expect(mayConnect(policy, 'mcp.example.com', 443, '93.184.216.34')).toBe(true);
    expect(mayConnect(policy, 'MCP.example.com', 80, '93.184.216.34')).toBe(true);
    expect(mayConnect(policy, 'mcp.example.com', 443, '127.0.0.1')).toBe(false);
    expect(mayConnect(policy, 'mcp.example.com', 443, '169.254.169.254')).toBe(false);
  });
  it('takes wildcards and ports at their word', () => {
    expect(mayConnect(policy, 'a.tools.example.org', 8443, '93.184.216.34')).toBe(true);
    expect(mayConnect(policy, 'a.tools.example.org', 443, '93.184.216.34')).toBe(false);
    expect(mayConnect(policy, 'tools.example.org', 8443, '93.184.216.34')).toBe(false);
  });
  it('allows listed addresses and ranges outright, and nothing else', () => {
    expect(mayConnect(policy, '127.0.0.1', 7000, '127.0.0.1')).toBe(true);
    expect(mayConnect(policy, '127.0.0.1', 7001, '127.0.0.1')).toBe(false);
    expect(mayConnect(policy, 'internal.corp', 80, '10.20.3.4')).toBe(true);
    expect(mayConnect(policy, 'internal.corp', 80, '10.21.3.4')).toBe(false);
    expect(mayConnect(policy, 'other.example.com', 443, '93.184.216.34')).toBe(false);
  });
});

it.each(['10.0.0.0/33', 'not a host!', 'host:99999', '::1/200'])('refuses the entry %s, naming it', (entry) =>
  expect(() => readEgressPolicy(`ok.example.com,${entry}`)).toThrow(/LOADOUT_MCP_ALLOWED_HOSTS/),
);
