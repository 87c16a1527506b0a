-- Trial reminders (TRIAL_REMINDERS): one row per trial key and offset, scheduled by a scan of
-- the keys handed out and claimed like the outbox (FOR UPDATE SKIP LOCKED), so any number of
-- instances and restarts send each reminder once.
CREATE TABLE trial_reminders (
  license_id uuid NOT NULL,
  offset_days integer NOT NULL,
  submission_id uuid NOT NULL,
  model text NOT NULL,
  ends_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  skip_reason text,
  outbox_id uuid,
  stop_token_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (license_id, offset_days)
);
--> statement-breakpoint
CREATE INDEX trial_reminders_due ON trial_reminders (due_at) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX trial_reminders_submission ON trial_reminders (submission_id);
--> statement-breakpoint
CREATE UNIQUE INDEX trial_reminders_stop_token ON trial_reminders (stop_token_hash);
--> statement-breakpoint
-- How far the scheduling scan has read licenses.assigned_at; one row.
CREATE TABLE trial_reminder_scan (
  id integer PRIMARY KEY,
  scanned_to timestamptz NOT NULL
);
--> statement-breakpoint
-- The visitor's one-click "stop these reminders" for this trial (RFC 8058).
ALTER TABLE trial_submissions ADD COLUMN reminders_stopped_at timestamptz;
