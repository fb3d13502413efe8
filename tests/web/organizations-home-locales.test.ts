import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The home page's own namespace inside the organizations feature: the files that ask useHomeTranslation.
await describeFeatureLocales(
  "organizations",
  {},
  { name: "home", folder: "home", uses: (source) => source.includes("useHomeTranslation") },
);
