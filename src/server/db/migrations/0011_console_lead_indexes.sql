-- The console's leads list pages and filters 100,000 rows within its budget (npm run bench):
-- newest first overall and per model, and the claims-per-day chart over assigned keys.
CREATE INDEX trial_submissions_newest_idx ON trial_submissions (created_at DESC, id DESC);
CREATE INDEX trial_submissions_model_newest_idx ON trial_submissions (model, created_at DESC, id DESC);
CREATE INDEX licenses_assigned_at_idx ON licenses (assigned_at) WHERE assigned_at IS NOT NULL;
CREATE INDEX licenses_batch_idx ON licenses (model, batch);
