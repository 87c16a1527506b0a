-- The operator console (docs/product.md, "Operator console"): who may sign in, their one-time sign-in links
-- and sessions (both stored only as SHA-256 hashes), and the audit log of what they did.
CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  added_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

CREATE TABLE operator_sign_in_tokens (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint

CREATE INDEX operator_sign_in_tokens_expires_idx ON operator_sign_in_tokens (expires_at);
--> statement-breakpoint

CREATE TABLE operator_sessions (
  id_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint

CREATE INDEX operator_sessions_expires_idx ON operator_sessions (expires_at);
--> statement-breakpoint
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);
--> statement-breakpoint

-- Who did what, kept when the operator is removed: the actor is the address (or 'cli').
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
