import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The Provisioning (SCIM) screen (docs/scim.md) in all eight languages: same keys, German formal.
await describeFeatureLocales("scim", { "status.": ["active", "expired", "revoked", "decommissioned"] });
