import { signedInUser } from "./tests/e2e/helpers/account-fixtures.js";
import { startAppServer } from "./tests/e2e/helpers/app-server.js";
import { launchBrowser, openPage } from "./tests/e2e/helpers/browser.js";

const server = await startAppServer({ webRoot: "/tmp/tessera-web-h6" });
const browser = await launchBrowser();
try {
  const { page, context, pageErrors } = await openPage(browser);
  const logs: string[] = [];
  page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
  await signedInUser(server, context, "dbg");
  await page.goto(`${server.url}${process.argv[2] ?? "/settings/profile"}`);
  await page.waitForTimeout(4000);
  console.log("URL", page.url());
  console.log((await page.locator("body").innerText()).slice(0, 2000));
  console.log("ERRORS", pageErrors, logs.slice(0, 20));
  await page.screenshot({ path: "/tmp/h6/debug.png", fullPage: true });
} finally {
  await browser.close();
  await server.close();
}
