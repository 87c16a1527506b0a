-- "Request an invoice" (docs/product.md, "Buying"): a buyer's request when no checkout link is set. The
-- operator is e-mailed and answers with an invoice; the row is the record that it was asked.
CREATE TABLE purchase_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  -- Compared canonically, like trial requests (docs/architecture.md, "Contracts: API"): a deletion request finds them all.
  email_canonical text NOT NULL,
  company text NOT NULL,
  model text NOT NULL CHECK (model IN ('basic', 'advanced')),
  message text,
  -- HMAC of the client address with IP_HASH_SECRET, as for trial requests.
  ip_hash text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A deletion request finds a person's rows by address (leads delete).
CREATE INDEX purchase_requests_email_idx ON purchase_requests (email_canonical);
