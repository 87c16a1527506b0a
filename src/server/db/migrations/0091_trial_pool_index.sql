-- The trial claim (functions/claim_license.sql) takes available keys of the trial pool only:
-- its index leaves the paid pool's keys out, so a claim never walks past them.
DROP INDEX licenses_pool_idx;
--> statement-breakpoint
CREATE INDEX licenses_pool_idx ON licenses (model, demo, seq) WHERE status = 'available' AND pool = 'trial';
