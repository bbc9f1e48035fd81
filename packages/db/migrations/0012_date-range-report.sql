-- Dates outside 1900-01-01 .. 2100-12-31 already stored (issue 27 item 5; docs/decisions/errors-and-validation.md
-- "Dates and instants"). Inputs are bounded to that range now, but rows written before could hold any year, and years
-- below 100 came back from the driver shifted (0099 read as 1999) or as an Invalid Date. The reads are exact now,
-- so such a row no longer breaks a view; it is still almost certainly a typo. This migration changes no data:
-- clamping would invent a date, and moving rows to a quarantine table would cut them from the rows that reference
-- them. It REPORTS them instead: one row in date_range_report per stored value out of range (the table, the
-- column, the row's id, the value as PostgreSQL writes it, and the whole row as JSON), and a NOTICE per column
-- with a count. An operator reads `select * from date_range_report`, corrects or deletes the rows through the
-- product or by hand, and may then empty the report. Instants get a day of slack either side (a date-time's date
-- is bounded as written, before its offset, and a plain date becomes local midnight of the trainee's zone).
CREATE TABLE IF NOT EXISTS "date_range_report" (
	"table_name" text NOT NULL,
	"column_name" text NOT NULL,
	"row_id" text,
	"value" text NOT NULL,
	"row_data" jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$
DECLARE
	col record;
	outside text;
	found bigint;
	total bigint := 0;
BEGIN
	FOR col IN
		SELECT c.table_name, c.column_name, c.data_type
		FROM information_schema.columns c
		JOIN information_schema.tables t
			ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
		WHERE c.table_schema = current_schema()
			AND c.table_name <> 'date_range_report'
			AND c.data_type IN ('date', 'timestamp with time zone', 'timestamp without time zone')
		ORDER BY c.table_name, c.column_name
	LOOP
		outside := CASE col.data_type
			WHEN 'date' THEN format('r.%I < DATE ''1900-01-01'' OR r.%I > DATE ''2100-12-31''', col.column_name, col.column_name)
			WHEN 'timestamp with time zone' THEN format(
				'r.%I < TIMESTAMPTZ ''1899-12-31 00:00:00+00'' OR r.%I >= TIMESTAMPTZ ''2101-01-02 00:00:00+00''',
				col.column_name, col.column_name)
			ELSE format(
				'r.%I < TIMESTAMP ''1899-12-31 00:00:00'' OR r.%I >= TIMESTAMP ''2101-01-02 00:00:00''',
				col.column_name, col.column_name)
		END;
		EXECUTE format(
			'INSERT INTO date_range_report (table_name, column_name, row_id, value, row_data)
			 SELECT %L, %L, to_jsonb(r) ->> ''id'', r.%I::text, to_jsonb(r) FROM %I r WHERE %s',
			col.table_name, col.column_name, col.column_name, col.table_name, outside);
		GET DIAGNOSTICS found = ROW_COUNT;
		IF found > 0 THEN
			RAISE NOTICE '% value(s) of %.% outside 1900-01-01 .. 2100-12-31 (listed in date_range_report)',
				found, col.table_name, col.column_name;
		END IF;
		total := total + found;
	END LOOP;
	RAISE NOTICE 'date range check: % stored value(s) outside 1900-01-01 .. 2100-12-31', total;
END $$;
