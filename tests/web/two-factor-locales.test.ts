import { describeFeatureLocales } from "./helpers/feature-locales.js";

const STEPS = ["totp", "backup", "otp"];
await describeFeatureLocales("two-factor", {
  "enter.": STEPS,
  "form.": STEPS,
  "instructions.": STEPS,
  "label.": STEPS,
});
