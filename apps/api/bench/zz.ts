import postgres from "postgres";
const sql = postgres("postgres://postgres@127.0.0.1:5432/crmx", { max: 1 });
const q = "select id, name, slug, timezone, locale, settings from studios where id = $1";
const time = async (label: string, fn: () => Promise<unknown>, n = 3000) => {
  for (let i = 0; i < 300; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - s) / n * 1000).toFixed(0), "µs");
};
await time("unsafe default", () => sql.unsafe(q, ["s1"]));
await time("unsafe prepare:true", () => sql.unsafe(q, ["s1"], { prepare: true }));
await time("tagged", () => sql`select id, name, slug, timezone, locale, settings from studios where id = ${"s1"}`);
await sql.end();
