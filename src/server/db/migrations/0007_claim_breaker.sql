-- The claim breaker counts each model's recent claims (this index) and remembers its episodes,
-- so the operator is e-mailed once per episode however many instances see it trip.
CREATE INDEX licenses_model_assigned_idx ON licenses (model, assigned_at) WHERE assigned_at IS NOT NULL;
--> statement-breakpoint
CREATE TABLE claim_breaker_episodes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  claims_at_start integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX claim_breaker_open_idx ON claim_breaker_episodes (model) WHERE ended_at IS NULL;
