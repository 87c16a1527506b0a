-- Past the claim breaker (docs/product.md, "Trust under abuse") a request is stored without a key and with a
-- confirmation token (its hash); following the e-mailed link claims the key.
ALTER TABLE trial_submissions ADD COLUMN confirmation_token_hash text;
--> statement-breakpoint
ALTER TABLE trial_submissions ADD COLUMN confirmation_expires_at timestamptz;
--> statement-breakpoint
ALTER TABLE trial_submissions ADD COLUMN confirmed_at timestamptz;
--> statement-breakpoint
CREATE UNIQUE INDEX trial_submissions_confirmation_idx ON trial_submissions (confirmation_token_hash)
  WHERE confirmation_token_hash IS NOT NULL;
