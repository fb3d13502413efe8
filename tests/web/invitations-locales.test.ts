import { describeFeatureLocales } from "./helpers/feature-locales.js";

await describeFeatureLocales("invitations", {});
