ALTER TABLE "workout_logs" ADD COLUMN "exercise_bests" jsonb;--> statement-breakpoint
-- The backfill of exercise_bests (issue 30 item 2): the domain's exerciseBestsOf(entries)
-- (packages/domain/src/tracking/personal-records.ts) in SQL, for this migration only (dropped
-- below; every write computes the column with the TypeScript function). Per exercise key
-- ('id:' || trimmed exerciseId, else 'name:' || trimmed name; trimmed of the characters
-- JavaScript's trim removes), the best done set with reps above 0 (a weighted set with a target
-- above 0 only at reps >= 0.8 × target), heaviest first (no weight counts as 0), then most
-- reps, then the first in entry and set order: [weight or null, reps]. Compared as float8, as
-- JavaScript compares the parsed numbers. NULL (the readers compute from the entries) when a
-- done set carries a number as a string, or a number float8 cannot hold as JavaScript does
-- (outside 1e-300 .. 1e300): rules JavaScript's Number() applies that SQL does not copy exactly.
CREATE FUNCTION "workout_log_bests_0021"(entries jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  WITH done_sets AS (
    SELECT e.ord AS entry_ord, s.ord AS set_ord,
      CASE WHEN k.exercise_id <> '' THEN 'id:' || k.exercise_id ELSE 'name:' || k.name END AS key,
      s.value -> 'weight' AS weight, s.value -> 'reps' AS reps, s.value -> 'targetReps' AS target
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(entries) = 'array' THEN entries ELSE '[]' END)
      WITH ORDINALITY e(value, ord)
    CROSS JOIN LATERAL (
      SELECT
        CASE WHEN jsonb_typeof(e.value -> 'exerciseId') = 'string'
          THEN btrim(e.value ->> 'exerciseId', E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF')
          ELSE '' END AS exercise_id,
        CASE WHEN jsonb_typeof(e.value -> 'name') = 'string'
          THEN btrim(e.value ->> 'name', E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF')
          ELSE '' END AS name
    ) k
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(e.value -> 'sets') = 'array' THEN e.value -> 'sets' ELSE '[]' END
    ) WITH ORDINALITY s(value, ord)
    WHERE jsonb_typeof(e.value) = 'object' AND (k.exercise_id <> '' OR k.name <> '')
      AND jsonb_typeof(s.value) = 'object' AND s.value -> 'done' = 'true'::jsonb
  ),
  inexact AS (
    SELECT 1 FROM done_sets d, LATERAL (VALUES (d.weight), (d.reps), (d.target)) v(value)
    WHERE jsonb_typeof(v.value) = 'string'
      OR CASE WHEN jsonb_typeof(v.value) = 'number'
        THEN abs(v.value::numeric) <> 0 AND (abs(v.value::numeric) < 1e-300 OR abs(v.value::numeric) >= 1e300)
        ELSE false END
  ),
  numbers AS (
    SELECT d.*,
      CASE WHEN jsonb_typeof(d.weight) = 'number' THEN d.weight::numeric::float8 END AS weight8,
      CASE WHEN jsonb_typeof(d.reps) = 'number' THEN d.reps::numeric::float8 END AS reps8,
      CASE WHEN jsonb_typeof(d.target) = 'number' THEN d.target::numeric::float8 END AS target8
    FROM done_sets d
    WHERE NOT EXISTS (SELECT 1 FROM inexact)
  ),
  eligible AS (
    SELECT n.*, CASE WHEN n.weight8 > 0 THEN n.weight8 END AS weighted8
    FROM numbers n
    WHERE n.reps8 > 0
      AND NOT coalesce(n.weight8 > 0 AND n.target8 > 0 AND n.reps8 < 0.8::float8 * n.target8, false)
  ),
  ranked AS (
    SELECT e.*, row_number() OVER (
      PARTITION BY e.key ORDER BY coalesce(e.weighted8, 0) DESC, e.reps8 DESC, e.entry_ord, e.set_ord
    ) AS rank
    FROM eligible e
  )
  SELECT CASE WHEN EXISTS (SELECT 1 FROM inexact) THEN NULL ELSE coalesce(
    (SELECT jsonb_object_agg(r.key, jsonb_build_array(CASE WHEN r.weighted8 IS NOT NULL THEN r.weight END, r.reps))
     FROM ranked r WHERE r.rank = 1),
    '{}'::jsonb) END
$$;--> statement-breakpoint
UPDATE "workout_logs" SET "exercise_bests" = "workout_log_bests_0021"("entries");--> statement-breakpoint
DROP FUNCTION "workout_log_bests_0021"(jsonb);
