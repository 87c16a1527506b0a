-- the migrator splits on that, so keep function bodies out of migrations or use one per file.

CREATE TABLE licenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Import order, so keys go out in the order of the operator's file.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  model text NOT NULL CHECK (model IN ('basic', 'advanced')),
  activation_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'assigned', 'revoked')),
  submission_id uuid,
  assigned_at timestamptz,
  imported_at timestamptz NOT NULL DEFAULT now(),
  batch text NOT NULL,
  demo boolean NOT NULL DEFAULT false,
  CONSTRAINT licenses_assigned_has_owner CHECK (status <> 'assigned' OR (submission_id IS NOT NULL AND assigned_at IS NOT NULL))
);
--> statement-breakpoint
-- The claim query walks this index: available keys of one model, real keys before demo keys, oldest first.
CREATE INDEX licenses_pool_idx ON licenses (model, demo, seq) WHERE status = 'available';
--> statement-breakpoint
CREATE INDEX licenses_submission_idx ON licenses (submission_id);
--> statement-breakpoint
CREATE TABLE trial_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  model text NOT NULL CHECK (model IN ('basic', 'advanced')),
  source text NOT NULL,
  license_id uuid REFERENCES licenses (id),
  waitlist boolean NOT NULL DEFAULT false,
  waitlist_token_hash text NOT NULL,
  waitlist_notified_at timestamptz,
  ip_hash text,
  user_agent text,
  terms_version text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX trial_submissions_email_model_idx ON trial_submissions (email, model);
--> statement-breakpoint
CREATE INDEX trial_submissions_created_idx ON trial_submissions (created_at);
--> statement-breakpoint
CREATE INDEX trial_submissions_waiting_idx ON trial_submissions (model, created_at)
  WHERE waitlist AND license_id IS NULL AND waitlist_notified_at IS NULL;
--> statement-breakpoint
ALTER TABLE licenses ADD CONSTRAINT licenses_submission_fk FOREIGN KEY (submission_id) REFERENCES trial_submissions (id);
--> statement-breakpoint
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  "to" text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  message_id text NOT NULL UNIQUE,
  submission_id uuid REFERENCES trial_submissions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status IN ('pending', 'failed');
--> statement-breakpoint
CREATE INDEX mail_outbox_sending_idx ON mail_outbox (locked_until) WHERE status = 'sending';
--> statement-breakpoint
-- Fixed-window counters per key; the limiter weighs the previous window in to approximate a
-- sliding window. In the database so the limits hold across instances (docs/architecture.md, "Beyond one machine").
CREATE TABLE rate_limit_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, window_start)
);
--> statement-breakpoint
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);
