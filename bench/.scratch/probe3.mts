import { startTestServer } from "../../tests/helpers/server.js";
import { createSessionFastPath } from "../../src/server/auth/session-fast-path.js";
const s = await startTestServer("sqlite");
const { client } = await s.signUp("probe@example.com");
const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const fp = createSessionFastPath({ auth: s.running.auth, database: s.running.database });
console.log(await fp.blocked());
const show = async (label: string, r: Response) => console.log(label, r.status, [...r.headers.entries()], await r.text());
for (const c of [cookie, undefined, "tessera.session_token=abc.def", "tessera.session_token=" + encodeURIComponent("abcdefghijabcdefghijabcdefghij12." + "x".repeat(43) + "=")]) {
  const req = () => new Request(`${s.url}/api/auth/get-session`, { headers: c ? { cookie: c } : {} });
  const d = await fp.decide(req());
  if (d.kind === "answer") await show("fast  ", d.response); else console.log("engine", d.reason);
  await show("engine", await s.running.auth.handler(req()));
}
const r = await client.get("/api/auth/get-session");
console.log(r.status, r.body?.user?.email);
await s.close();
