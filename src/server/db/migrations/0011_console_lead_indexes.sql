-- The console's leads list pages, filters and searches 100,000 rows within its budget
-- (npm run bench, part console): newest first overall, per model and on the waitlist; search is
-- by prefix of the full name, the last name, the address or its domain, each served by an index
-- (pattern_ops, so LIKE 'abc%' uses it whatever the collation); and the claims-per-day chart.
CREATE INDEX trial_submissions_newest_idx ON trial_submissions (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX trial_submissions_model_newest_idx ON trial_submissions (model, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX trial_submissions_waitlist_newest_idx ON trial_submissions (created_at DESC, id DESC) WHERE waitlist;
--> statement-breakpoint
CREATE INDEX trial_submissions_full_name_prefix_idx ON trial_submissions (lower(first_name || ' ' || last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX trial_submissions_last_name_prefix_idx ON trial_submissions (lower(last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX trial_submissions_email_prefix_idx ON trial_submissions (email text_pattern_ops);
--> statement-breakpoint
CREATE INDEX trial_submissions_domain_prefix_idx ON trial_submissions (split_part(email, '@', 2) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX licenses_assigned_at_idx ON licenses (assigned_at) WHERE assigned_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX licenses_batch_idx ON licenses (model, batch);
