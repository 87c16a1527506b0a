-- Limits and repeats compare the canonical address (docs/architecture.md, "Contracts: API"): lower case, +tag dropped,
-- gmail.com/googlemail.com one domain without dots. The server writes it on every insert; this
-- fills it in for older rows. Nullable, so an older instance in a rolling deploy keeps inserting.
ALTER TABLE trial_submissions ADD COLUMN email_canonical text;
--> statement-breakpoint
UPDATE trial_submissions SET email_canonical = CASE
    WHEN split_part(email, '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(email, '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE split_part(split_part(email, '@', 1), '+', 1) || '@' || split_part(email, '@', 2)
  END
  WHERE email_canonical IS NULL;
--> statement-breakpoint
CREATE INDEX trial_submissions_canonical_model_idx ON trial_submissions (email_canonical, model);
