import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// docs/sso.md "SAML": the SSO plugin's SAML endpoints skip the origin check because identity providers post
// to them from anywhere. Only an organization's SP metadata (once it saved a SAML connection) and its
// assertion consumer (while the connection is on) are served (tests/integration/sso-saml.test.ts); with no
// such organization, nothing under /sso/saml2 answers.
describe.each(databaseKinds)("SAML endpoints on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ["GET", "/api/auth/sso/saml2/sp/metadata?providerId=x"],
    ["GET", "/api/auth/sso/saml2/sp/metadata"],
    ["POST", "/api/auth/sso/saml2/sp/acs/x"],
    ["GET", "/api/auth/sso/saml2/sp/acs/x"],
    ["POST", "/api/auth/sso/saml2/sp/slo/x"],
    ["GET", "/api/auth/sso/saml2/logout/x"],
    // Spellings a router might fold into the same endpoint.
    ["POST", "/api/auth/sso//saml2/sp/slo/x"],
    ["POST", "/api/auth//sso/saml2/sp/acs/x"],
    ["POST", "/api/auth/sso/saml2/sp/slo/x/"],
    ["POST", "/api/auth/sso/SAML2/sp/slo/x"],
    ["POST", "/api/auth/sso/saml2/sp/%61cs/x"],
  ])("%s %s answers 404", async (method, path) => {
    const res = await fetch(server.url + path, {
      method,
      headers: { origin: "https://idp.example", "content-type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? "SAMLResponse=PHNhbWxwOlJlc3BvbnNlLz4%3D&RelayState=x" : undefined,
      redirect: "manual",
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "Not found" });
  });
});
