import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The Single sign-on screen (docs/sso.md), its domain policy ("Who joins", "SSO required") included, in all
// eight languages: same keys, German formal.
await describeFeatureLocales("sso", {});
