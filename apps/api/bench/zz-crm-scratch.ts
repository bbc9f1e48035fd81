import { sql } from "drizzle-orm";
import { leads } from "@studio/db";
import { getCrmBoard } from "@studio/domain";
import setupTemplate from "../test/support/global-setup";
import { freshPostgres } from "../test/support/databases";

await setupTemplate();
const pg = await freshPostgres();
const db = pg.handle.db;
const studioId = "s1";
await db.execute(sql`insert into studios (id, name, organization_id, slug) values (${studioId}, 'x', 'org_x', 'x-slug')`).catch(async (e) => { console.error(e.cause?.message ?? e); process.exit(1); });
await db.execute(sql`
  insert into lead_statuses (id, studio_id, key, label, color, locked, sort_order)
  select 'st-' || g, ${studioId}, null, 'Custom ' || g, '#aabbcc', false, g from generate_series(1, 20) g`);
await db.execute(sql`
  insert into leads (id, studio_id, name, phone, email, business, city, source, value_agorot, status_id, remind_at, created_at, updated_at)
  select 'bench-lead-' || g, ${studioId}, 'Lead ' || g || ' Cohen', '05' || lpad((g * 7919 % 100000000)::text, 8, '0'),
   case when g % 3 = 0 then null else 'lead' || g || '@example.com' end,
   case when g % 4 = 0 then 'Studio ' || g else null end, 'Haifa', 'SITE', g*100, 'st-' || (g % 20 + 1),
   case when g % 10 = 0 then now() else null end, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
  from generate_series(1, 10000) g`);
await db.execute(sql`analyze leads`);

async function time(name: string, fn: () => Promise<unknown>, n = 40) {
  for (let i = 0; i < 5; i++) await fn();
  const ts: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await fn(); ts.push(performance.now() - s); }
  ts.sort((a, b) => a - b);
  console.log(name.padEnd(40), "p50", ts[n >> 1]!.toFixed(1), "min", ts[0]!.toFixed(1));
}
const iso = (c: unknown) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const cols = (ts: (c: unknown) => unknown) => sql`${leads.id} as "id", ${leads.name} as "name", ${leads.phone} as "phone", ${leads.email} as "email",
      ${leads.business} as "business", ${leads.city} as "city", ${leads.source} as "source",
      ${leads.ownerCoachId} as "ownerCoachId", ${leads.valueAgorot} as "valueAgorot", ${leads.statusId} as "statusId",
      ${leads.lostReason} as "lostReason", ${ts(leads.remindAt)} as "remindAt", ${leads.clientId} as "clientId",
      null::text as "deletedAt", ${ts(leads.createdAt)} as "createdAt", ${ts(leads.updatedAt)} as "updatedAt"`;
const where = sql`${leads.studioId} = ${studioId} and ${leads.deletedAt} is null`;
const order = sql`order by ${leads.createdAt} desc nulls last, ${leads.id} desc nulls last`;


const variants: [string, (c: unknown) => unknown][] = [
  ["raw timestamptz", (c) => sql`${c}`],
  ["to_char", iso],
  ["::text", (c) => sql`${c}::text`],
  ["at time zone utc ::text", (c) => sql`(${c} at time zone 'UTC')::text`],
  ["to_json", (c) => sql`to_json(${c})`],
  ["date_part epoch", (c) => sql`date_part('epoch', ${c})`],
  ["extract epoch numeric", (c) => sql`extract(epoch from ${c})`],
  ["to_char no at time zone", (c) => sql`to_char(${c}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
];
const execMs = async (expr: (c: unknown) => unknown) => {
  const rows = (await db.execute(sql`explain (analyze, timing off) select ${cols(expr)} from ${leads} where ${where} ${order}`)) as unknown as Record<string, string>[];
  return Number(/Execution Time: ([\d.]+)/.exec(rows.map((r) => Object.values(r)[0]).join("\n"))![1]);
};
const results = new Map<string, number[]>();
for (let round = 0; round < 25; round++) for (const [name, expr] of variants) { const v = await execMs(expr); results.set(name, [...(results.get(name) ?? []), v]); }
for (const [name, v] of results) { v.sort((a, b) => a - b); console.log(name.padEnd(30), "min", v[0]!.toFixed(2), "p50", v[v.length >> 1]!.toFixed(2)); }
await pg.drop();
process.exit(0);
