import { sql } from "drizzle-orm";
import { TRACKING_LIMITS } from "@studio/contracts";
import { preparedStatement, resultRows, type Db } from "@studio/db";
import { liveTraineeOf } from "../clients/live-trainee";
import type { StudioScope } from "../scope";
import { todayKey } from "../time/day-keys";

/**
 * The trainee app's two hot writes (POST /v1/trainee/water and /steps with the device zone), each
 * ONE statement, built once per database handle with placeholders (issue 30 item 5): Drizzle
 * rendering the raw statement from its SQL template on every request (the live-trainee condition,
 * the parameter walk, `is` checks) was ~12% of a trainee write's CPU. The statements are the ones
 * the writes ran before (the day's entry limit now written into the text instead of a parameter).
 */

/** The day key of `now` in `zone`, the same as todayKey, remembered per zone for one UTC second. */
export function todayKeyAt(now: Date, zone: string): string {
  // A zone's offsets and transitions are whole seconds (tzdata's resolution), so the local date
  // cannot change within a second: asking Intl (formatToParts, ~4% of a write) once a second
  // per zone answers the same.
  const second = Math.floor(now.getTime() / 1000);
  const known = lastDayKey.get(zone);
  if (known?.second === second) return known.key;
  const key = todayKey(now, zone);
  if (lastDayKey.size >= 1_000) lastDayKey.clear();
  lastDayKey.set(zone, { second, key });
  return key;
}
const lastDayKey = new Map<string, { second: number; key: string }>();

const p = {
  rowId: sql.placeholder("rowId"),
  studioId: sql.placeholder("studioId"),
  clientId: sql.placeholder("clientId"),
  date: sql.placeholder("date"),
  now: sql.placeholder("now"),
  amountMl: sql.placeholder("amountMl"),
  entry: sql.placeholder("entry"),
  entryId: sql.placeholder("entryId"),
  steps: sql.placeholder("steps"),
};

/**
 * signedInTrainee (the token's trainee, in the token's studio, not deleted) with the scope's ids
 * as placeholders: liveTraineeOf reads only the scope's studioId, given here as a placeholder.
 */
const signedInTrainee = liveTraineeOf({ studioId: p.studioId } as unknown as StudioScope, p.clientId);

/** What both writes answer from the day row. */
interface DayRow {
  water_ml: number;
  steps: number | null;
}

/**
 * The water entry appended to the day's log in one statement (add-water-entry.ts
 * appendWaterEntry says what it decides and when it declines): the day row, or undefined.
 */
export async function appendWaterStatement(
  db: Db,
  values: {
    rowId: string;
    studioId: string;
    clientId: string;
    date: string;
    now: string;
    amountMl: number;
    entry: string;
    entryId: string;
  },
): Promise<DayRow | undefined> {
  const [row] = resultRows<DayRow>(
    await preparedStatement(db, "trainee_water_append", appendWater).execute(values),
  );
  return row;
}

const appendWater = sql`
    insert into daily_metrics as d (id, studio_id, client_id, date, water_ml, water_logs, created_at, updated_at)
    select ${p.rowId}, clients.studio_id, clients.id, ${p.date}::date, greatest(0, ${p.amountMl}::int),
      jsonb_build_array(${p.entry}::jsonb), ${p.now}::timestamptz, ${p.now}::timestamptz
    from clients
    where ${signedInTrainee}
    on conflict (client_id, date) do update set
      water_logs = d.water_logs || excluded.water_logs,
      water_ml = greatest(0, (
        select coalesce(sum((e -> 'amountMl')::numeric), 0)
        from jsonb_array_elements(d.water_logs || excluded.water_logs) e
        where jsonb_typeof(e) = 'object' and jsonb_typeof(e -> 'id') = 'string'
          and jsonb_typeof(e -> 'amountMl') = 'number'
          and (e -> 'amountMl')::numeric = trunc((e -> 'amountMl')::numeric)
      ))::int,
      updated_at = excluded.updated_at
    where d.studio_id = ${p.studioId}
      and jsonb_typeof(d.water_logs) = 'array'
      and jsonb_array_length(d.water_logs) < ${sql.raw(String(TRACKING_LIMITS.waterEntriesPerDay))}
      and not d.water_logs @> jsonb_build_array(jsonb_build_object('id', ${p.entryId}::text))
    returning d.water_ml, d.steps`;

/** Today's steps set in one upsert (set-today-steps.ts): the day row, or undefined (no live trainee). */
export async function setStepsStatement(
  db: Db,
  values: { rowId: string; studioId: string; clientId: string; date: string; now: string; steps: number },
): Promise<DayRow | undefined> {
  const [row] = resultRows<DayRow>(
    await preparedStatement(db, "trainee_steps_set", setSteps).execute(values),
  );
  return row;
}

const setSteps = sql`
      insert into daily_metrics as d (id, studio_id, client_id, date, steps, created_at, updated_at)
      select ${p.rowId}, clients.studio_id, clients.id, ${p.date}::date, ${p.steps}::int, ${p.now}::timestamptz, ${p.now}::timestamptz
      from clients
      where ${signedInTrainee}
      on conflict (client_id, date) do update set steps = excluded.steps, updated_at = excluded.updated_at
      returning d.water_ml, d.steps`;
