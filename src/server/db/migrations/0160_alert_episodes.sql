-- Alerts that do not depend on mail (docs/operations.md, "Alerts"): one row per episode of an
-- alert kind and its subject (a model, a product, '' for the site as a whole). At most one
-- episode of a kind and subject is open, so however many instances notice, the operator hears
-- once when it starts and once when it ends. The webhook post of each is tracked on the row,
-- so any instance may make it and a failed post is tried again.
CREATE TABLE alert_episodes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  subject text NOT NULL DEFAULT '',
  text text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  resolved_text text,
  firing_posted_at timestamptz,
  resolved_posted_at timestamptz,
  post_attempts integer NOT NULL DEFAULT 0,
  next_post_at timestamptz NOT NULL DEFAULT now(),
  post_error text
);
--> statement-breakpoint
CREATE UNIQUE INDEX alert_episodes_open_idx ON alert_episodes (kind, subject) WHERE ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX alert_episodes_post_idx ON alert_episodes (next_post_at) WHERE resolved_posted_at IS NULL;
--> statement-breakpoint
-- Dead mail younger than a day is queued again once by itself when sending works again; this
-- records that it was, so a message that dies for a reason of its own is not retried forever.
ALTER TABLE mail_outbox ADD COLUMN auto_retried_at timestamptz;
--> statement-breakpoint
-- The alert monitor asks every few seconds when mail last went out and what died lately.
CREATE INDEX mail_outbox_sent_at_idx ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX mail_outbox_dead_idx ON mail_outbox (updated_at) WHERE status = 'dead';
--> statement-breakpoint
-- NOTIFY_SALES: one row per order the operator was told about, written with the notice's
-- e-mail, so each paid order is announced once however many instances look.
CREATE TABLE sale_notices (
  order_id uuid PRIMARY KEY,
  noticed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX orders_created_at_idx ON orders (created_at);
