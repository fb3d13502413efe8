import { startInstance } from "../lib/instance.js";
const i = await startInstance({ storage: "sqlite" });
const admin = await i.call("user", { tag: "admin", role: "admin" });
await i.call("users", { count: 1000 });
for (const q of ["searchField=email&searchOperator=starts_with&limit=20&searchValue=user0001", "limit=3", "searchValue=user0001"]) {
  const r = await fetch(`${i.url}/api/auth/admin/list-users?${q}`, { headers: { cookie: admin.cookie } });
  console.log(r.status, (await r.text()).slice(0, 300));
}
await i.stop();
