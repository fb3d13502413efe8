import type { TestClient } from "./client.js";
import type { TestDnsServer } from "./dns-server.js";
import { expectStatus } from "./org-fixtures.js";

/**
 * An organization proves `domain` the way its owner does (docs/sso.md "Verified domains"): claims it,
 * publishes the TXT record the screen shows on the test's DNS server, and verifies it.
 */
export async function verifyDomain(dns: TestDnsServer, owner: TestClient, organizationId: string, domain: string) {
  const base = `/api/organizations/${organizationId}/sso/domain`;
  const claim = expectStatus(await owner.post(base, { domain }), 201);
  dns.setTxt(claim.body.domain.record.name, [claim.body.domain.record.value]);
  expectStatus(await owner.post(`${base}/verify`), 200);
}
