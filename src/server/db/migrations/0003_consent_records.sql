-- Consent choices as visitors make them (docs/product.md, "Privacy and third parties"). Append-only: a changed choice is a new
-- row with the same consent_id, so the history shows what was allowed when.
CREATE TABLE consent_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consent_id text NOT NULL,
  functional boolean NOT NULL,
  media boolean NOT NULL,
  marketing boolean NOT NULL,
  policy_version text NOT NULL,
  decided_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  ip_hash text,
  user_agent text
);
--> statement-breakpoint
CREATE INDEX consent_records_consent_id_idx ON consent_records (consent_id, recorded_at);
