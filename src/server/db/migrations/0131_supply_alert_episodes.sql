-- The low-supply alert (docs/product.md, "Trust under abuse"; decision 21): one open row per
-- model while its days of supply (keys left over the last day's claims) are below
-- LOW_SUPPLY_DAYS, so the operator is e-mailed once per episode however many instances notice.
CREATE TABLE supply_alert_episodes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  days_at_start double precision NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX supply_alert_open_idx ON supply_alert_episodes (model) WHERE ended_at IS NULL;
