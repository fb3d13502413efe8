/**
 * Names of common passkey providers by AAGUID (the authenticator model's id in the attested credential
 * data), from the community list at github.com/passkeydeveloper/passkey-authenticator-aaguids.
 */
const KNOWN: Record<string, string> = {
  "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4": "Google Password Manager",
  "adce0002-35bc-c60a-648b-0b25f1f05503": "Chrome on Mac",
  "fbfc3007-154e-4ecc-8c0b-6e020557d7bd": "iCloud Keychain",
  "dd4ec289-e01d-41c9-bb89-70fa845d4bf2": "iCloud Keychain",
  "08987058-cadc-4b81-b6e1-30de50dcbe96": "Windows Hello",
  "9ddd1817-af5a-4672-a2b9-3e3dd95000a9": "Windows Hello",
  "6028b017-b1d4-4c02-b4b3-afcdafc96bb2": "Windows Hello",
  "bada5566-a7aa-401f-bd96-45619a55120d": "1Password",
  "d548826e-79b4-db40-a3d8-11116f7e8349": "Bitwarden",
  "531126d6-e717-415c-9320-3d9aa6981239": "Dashlane",
  "53414d53-554e-4700-0000-000000000000": "Samsung Pass",
};

/** The AAGUID in base64url authenticator data: bytes 37–52 (after rpIdHash, flags and the counter). */
export function aaguidOf(authenticatorData: string | undefined): string | undefined {
  if (!authenticatorData) return undefined;
  try {
    const binary = atob(authenticatorData.replace(/-/g, "+").replace(/_/g, "/"));
    if (binary.length < 53) return undefined;
    const hex = [...binary.slice(37, 53)].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  } catch {
    return undefined;
  }
}

/** The provider's name when the authenticator says which it is; undefined for unknown or anonymous ones. */
export function authenticatorName(authenticatorData: string | undefined): string | undefined {
  const aaguid = aaguidOf(authenticatorData);
  return aaguid ? KNOWN[aaguid] : undefined;
}
