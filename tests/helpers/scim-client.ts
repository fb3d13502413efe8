/**
 * A SCIM 2.0 client as an IdP (Okta, Entra ID) is one: a bearer token, application/scim+json, no
 * cookies and no Origin. Only what RFC 7644 says a client sends.
 */
export const SCIM_USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const SCIM_PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const SCIM_LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export interface ScimReply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
  location: string | null;
}

export function scimClient(baseUrl: string, token: string | null) {
  async function request(method: string, path: string, body?: unknown): Promise<ScimReply> {
    const headers: Record<string, string> = { Accept: "application/scim+json" };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/scim+json";
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, text, headers: res.headers, location: res.headers.get("location") };
  }
  return {
    request,
    get: (path: string) => request("GET", path),
    post: (path: string, body: unknown) => request("POST", path, body),
    put: (path: string, body: unknown) => request("PUT", path, body),
    patch: (path: string, operations: unknown[]) =>
      request("PATCH", path, { schemas: [SCIM_PATCH_SCHEMA], Operations: operations }),
    delete: (path: string) => request("DELETE", path),
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

/** A User resource as an IdP sends it on create. */
export function scimUser(email: string, extra: Record<string, unknown> = {}) {
  const [local = "user"] = email.split("@");
  return {
    schemas: [SCIM_USER_SCHEMA],
    userName: email,
    externalId: `ext-${local}`,
    name: { givenName: local, familyName: "Provisioned" },
    displayName: `${local} Provisioned`,
    emails: [{ value: email, type: "work", primary: true }],
    active: true,
    ...extra,
  };
}
