// @vitest-environment jsdom
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The Single sign-on screen (docs/sso.md) in all eight languages: same keys, German formal.
await describeFeatureLocales("sso", {});
