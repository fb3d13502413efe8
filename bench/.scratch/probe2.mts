import { startTestServer } from "../../tests/helpers/server.js";
const s = await startTestServer("sqlite");
const { client, user } = await s.signUp("probe@example.com");
const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
console.log("cookie", cookie);
const show = async (c: string | undefined, q = "") => {
  const res = await s.running.auth.handler(new Request(`${s.url}/api/auth/get-session${q}`, { headers: c ? { cookie: c } : {} }));
  console.log(res.status, [...res.headers.entries()], await res.text());
};
await show(cookie);
await show(undefined);
await show("tessera.session_token=abc.def");
await show(cookie, "?disableCookieCache=banana");
console.log(s.running.database.sqlite!.prepare("select * from session").all());
console.log(s.running.database.sqlite!.prepare("select * from user").all());
await s.close();
