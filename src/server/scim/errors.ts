import { APIError } from "better-auth/api";

const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** A SCIM error body (RFC 7644 §3.12), thrown from Tessera's callbacks so the plugin passes it on as is. */
export function scimError(status: 400 | 403 | 404 | 409, detail: string, scimType?: string): APIError {
  const name = ({ 400: "BAD_REQUEST", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT" } as const)[status];
  const error = new APIError(name, {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    detail,
    ...(scimType ? { scimType } : {}),
  });
  error.message = detail;
  return error;
}
