// @vitest-environment jsdom
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The single sign-on policy (docs/sso.md "Who joins", "SSO required") in all eight languages: same keys, German formal.
await describeFeatureLocales("sso-policy", {});
