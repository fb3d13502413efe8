import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { postgresURL } from "../helpers/databases.js";
import { expectStatus, joinQuickly, setupOrganization, signUpPerson } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { redisURL } from "../helpers/session-fixtures.js";
import { type Cluster, sameBrowserOn, startCluster } from "../scale/cluster.js";

// A role change is seen at once on every instance (docs/roles.md "Caches"): nothing caches a member's
// roles or a role's permissions between requests — not the session fast path, not the engine's
// cookie cache (on here, 5 minutes), not Redis — so the next request anywhere reads the new ones.

const available = Boolean(postgresURL && redisURL);
const api = (path: string) => `/api/auth/organization/${path}`;

describe.skipIf(!available)(
  `custom roles across two instances sharing PostgreSQL + Redis${available ? "" : " (SKIPPED: needs TEST_DATABASE_URL and TEST_REDIS_URL)"}`,
  () => {
    let cluster: Cluster;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      cluster = await startCluster(2, { redis: true, env: { SESSION_COOKIE_CACHE_MAX_AGE: "300" } });
      [a, b] = cluster.servers as [TestServer, TestServer];
    }, 120_000);
    afterAll(() => cluster?.close());

    it("a role edited or given on one instance holds on the other at the next request", async () => {
      const org = await setupOrganization(a, "instances");
      const orgId = org.organization.id;
      const person = await signUpPerson(a, "moving");
      const member = await joinQuickly(org.owner.client, orgId, person, "member");
      const onB: TestClient = sameBrowserOn(b, person.client);
      const can = async (permissions: Record<string, string[]>) =>
        expectStatus(await onB.post(api("has-permission"), { organizationId: orgId, permissions }), 200).body.success;
      const perms = async () =>
        expectStatus(await onB.get(`/api/organizations/${orgId}/permissions`), 200).body as {
          roles: string[];
          permissions: Record<string, string[]>;
        };
      // Warm every cache B might have: session, cookie cache, permissions.
      expect(await can({ team: ["create"] })).toBe(false);
      expect((await perms()).roles).toEqual(["member"]);

      expectStatus(
        await org.owner.client.post(api("create-role"), {
          organizationId: orgId,
          role: "builders",
          permission: { team: ["create"] },
        }),
        200,
      );
      expectStatus(
        await org.owner.client.post(api("update-member-role"), {
          organizationId: orgId,
          memberId: member.id,
          role: "builders",
        }),
        200,
      );
      expect(await can({ team: ["create"] })).toBe(true);
      expect(await perms()).toMatchObject({ roles: ["builders"], permissions: { team: ["create"] } });
      expectStatus(await onB.post(api("create-team"), { organizationId: orgId, name: "Built on B" }), 200);

      // The role loses the permission on A: B refuses the next call.
      expectStatus(
        await org.owner.client.post(api("update-role"), {
          organizationId: orgId,
          roleName: "builders",
          data: { permission: { team: ["update"] } },
        }),
        200,
      );
      expect(await can({ team: ["create"] })).toBe(false);
      expect((await perms()).permissions.team).toEqual(["update"]);
      expect((await onB.post(api("create-team"), { organizationId: orgId, name: "Refused on B" })).status).toBe(403);

      // Renamed on A: still held on B under its new name.
      expectStatus(
        await org.owner.client.post(api("update-role"), {
          organizationId: orgId,
          roleName: "builders",
          data: { roleName: "maintainers" },
        }),
        200,
      );
      expect(await perms()).toMatchObject({ roles: ["maintainers"], permissions: { team: ["update"] } });
      expect(await can({ team: ["update"] })).toBe(true);

      // The member's role taken away on A.
      expectStatus(
        await org.owner.client.post(api("update-member-role"), {
          organizationId: orgId,
          memberId: member.id,
          role: "member",
        }),
        200,
      );
      expect(await can({ team: ["update"] })).toBe(false);
      expect((await perms()).roles).toEqual(["member"]);
    }, 120_000);
  },
);
