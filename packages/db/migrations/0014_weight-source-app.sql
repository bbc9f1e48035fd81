-- Weight entry sources as document 3 spells them (issue 26 item 3; docs/decisions/tracking.md "Weight sources"): the
-- trainee app's weigh-ins are APP ("source (APP for the trainee app, plus coach, form, automation, import)"); they were
-- stored and answered as "app". The other sources keep their lower-case spelling. Data only (no schema change, so no
-- snapshot of its own: the next generated migration diffs against the previous one). Idempotent: a second run finds
-- no "app" row.
UPDATE "weight_entries" SET "source" = 'APP' WHERE "source" <> 'APP' AND lower("source") = 'app';
