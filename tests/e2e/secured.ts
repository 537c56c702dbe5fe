import { expect } from 'vitest';
import { SECURITY_HEADERS } from '../../src/common/security-headers.ts';

/** Checks the shared security headers (and the exact policy, when given); answers the policy. */
export function expectSecured(response: Response, policy?: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  const csp = response.headers.get('content-security-policy') ?? '';
  if (policy) expect(csp).toBe(policy);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  return csp;
}

/** The inline-script hashes a policy's script-src allows, sorted. */
export const allowedHashes = (csp: string) => [...(/script-src ([^;]*)/.exec(csp)?.[1] ?? '').matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]!).sort();
