/**
 * The gateway's bounds (docs/mcp-gateway.md, "Limits"): sessions held by
 * one key, one organisation and the instance, how long an unused session
 * lives, and the largest request body.
 */
export interface GatewayLimits {
  sessionsPerKey: number;
  sessionsPerOrganization: number;
  sessionsPerInstance: number;
  idleMs: number;
  maxBodyBytes: number;
}

export const GATEWAY_LIMITS: GatewayLimits = {
  sessionsPerKey: 100,
  sessionsPerOrganization: 1000,
  sessionsPerInstance: 5000,
  idleMs: 30 * 60 * 1000,
  maxBodyBytes: 1024 * 1024,
};

/** The header an MCP client names its end user with; the key's principal when absent. */
export const USER_ID_HEADER = 'x-loadout-user-id';
