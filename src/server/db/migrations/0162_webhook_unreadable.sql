-- A signed payment event whose body the database cannot keep as JSON (a lone UTF-16
-- surrogate, a NUL in an object key) is kept as received: its bytes in raw_body, why it could
-- not be read in unreadable, its payload '{}', and processed_at set when it arrives, so neither
-- this release's orders worker nor the previous one's ever takes it (docs/operations.md,
-- "Payment events that cannot be read"). Both columns are null for every other event, and the
-- previous release writes rows without them.
ALTER TABLE webhook_events ADD COLUMN raw_body bytea;
--> statement-breakpoint
ALTER TABLE webhook_events ADD COLUMN unreadable text;
--> statement-breakpoint
CREATE INDEX webhook_events_unreadable_idx ON webhook_events (received_at) WHERE unreadable IS NOT NULL;
