-- Each rate-limit key keeps one row: the live window's count and the one before it (decision
-- 14). A request's hits are then one upsert by primary key with no join, whose plan has nothing
-- to choose and can be prepared. The rows of earlier windows fold into their key's
-- latest one: its previous_hits when that window is the one just before, otherwise nothing.
ALTER TABLE rate_limit_counters ADD COLUMN previous_hits integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE rate_limit_counters latest
SET previous_hits = earlier.hits
FROM rate_limit_counters earlier
WHERE earlier.key = latest.key
  AND earlier.window_start = latest.window_start - (latest.expires_at - latest.window_start) / 2;
--> statement-breakpoint
DELETE FROM rate_limit_counters earlier
WHERE EXISTS (
  SELECT 1 FROM rate_limit_counters later
  WHERE later.key = earlier.key AND later.window_start > earlier.window_start
);
--> statement-breakpoint
ALTER TABLE rate_limit_counters DROP CONSTRAINT rate_limit_counters_pkey;
--> statement-breakpoint
ALTER TABLE rate_limit_counters ADD PRIMARY KEY (key);
