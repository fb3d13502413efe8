import { describe, expect, it } from "vitest";
import { secretOf } from "@/features/account/components/authenticator-setup.js";
import { aaguidOf, authenticatorName } from "@/features/account/utils/authenticator-name.js";

/** base64url authenticator data: rpIdHash (32), flags (1), counter (4), then the AAGUID (16) and more. */
function authenticatorData(aaguidHex: string) {
  const bytes = new Uint8Array(37 + 16 + 2);
  bytes[32] = 0x45;
  const hex = aaguidHex.replace(/-/g, "");
  for (let i = 0; i < 16; i++) bytes[37 + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return Buffer.from(bytes).toString("base64url");
}

describe("a new passkey's default name", () => {
  it("reads the AAGUID out of the authenticator data", () => {
    expect(aaguidOf(authenticatorData("fbfc3007-154e-4ecc-8c0b-6e020557d7bd"))).toBe(
      "fbfc3007-154e-4ecc-8c0b-6e020557d7bd",
    );
    expect(aaguidOf(undefined)).toBeUndefined();
    expect(aaguidOf("AAAA")).toBeUndefined();
    expect(aaguidOf("not base64!*")).toBeUndefined();
  });

  it("names known password managers, and leaves anonymous or unknown authenticators to the caller", () => {
    expect(authenticatorName(authenticatorData("fbfc3007-154e-4ecc-8c0b-6e020557d7bd"))).toBe("iCloud Keychain");
    expect(authenticatorName(authenticatorData("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"))).toBe(
      "Google Password Manager",
    );
    // Attestation "none" often zeroes the AAGUID (Chromium's virtual authenticator does).
    expect(authenticatorName(authenticatorData("00000000-0000-0000-0000-000000000000"))).toBeUndefined();
  });
});

describe("the authenticator secret shown as text", () => {
  it("is the URI's base32 secret in groups of four", () => {
    expect(secretOf("otpauth://totp/Tessera:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Tessera")).toBe(
      "JBSW Y3DP EHPK 3PXP JBSW",
    );
  });
});
