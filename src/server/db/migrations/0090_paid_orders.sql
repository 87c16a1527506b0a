-- Paid orders (docs/product.md "Paid orders"; docs/architecture.md "An order"): a pool column on
-- the keys, the providers' webhook events as a queue, the orders and the keys they took, refunds
-- that came before their order, and the empty-pool alert's episodes.
--
-- Keys are 'trial' (given to trial requests) or 'paid' (given to orders); the two never mix.
-- Existing keys are trial keys. The trial claim must also say `AND pool = 'trial'`.
ALTER TABLE licenses ADD COLUMN pool text NOT NULL DEFAULT 'trial' CHECK (pool IN ('trial', 'paid'));
--> statement-breakpoint
-- An assigned trial key names its submission; an assigned paid key's owner is its order
-- (order_keys), and its assigned_at stays null: that column counts trial claims (the claim
-- breaker, claims per day).
ALTER TABLE licenses DROP CONSTRAINT licenses_assigned_has_owner;
--> statement-breakpoint
ALTER TABLE licenses ADD CONSTRAINT licenses_assigned_has_owner CHECK (
  status <> 'assigned' OR pool = 'paid'
  OR (assigned_at IS NOT NULL AND (submission_id IS NOT NULL OR owner_erased_at IS NOT NULL))
);
--> statement-breakpoint
-- The paid claim walks this: available paid keys of one model, oldest first.
CREATE INDEX licenses_paid_pool_idx ON licenses (model, seq) WHERE status = 'available' AND pool = 'paid';
--> statement-breakpoint
-- One row per delivered event (provider, event id): the webhook answers 200 once the row is
-- committed; the orders worker processes it later, claiming rows with SKIP LOCKED and a lease
-- as the mail outbox does, so a crash after the answer loses nothing.
CREATE TABLE webhook_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('stripe', 'lemonsqueezy', 'paddle')),
  event_id text NOT NULL,
  event_type text NOT NULL,
  -- The body as received (verified); cleared when the person's data is deleted.
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  -- null until processed; 'done' (acted on) or 'ignored' (not an event we act on).
  outcome text CHECK (outcome IN ('done', 'ignored')),
  processed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  UNIQUE (provider, event_id)
);
--> statement-breakpoint
CREATE INDEX webhook_events_due_idx ON webhook_events (next_attempt_at, id) WHERE processed_at IS NULL;
--> statement-breakpoint
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'invoice': recorded by the operator (orders add) for a bank transfer.
  provider text NOT NULL CHECK (provider IN ('stripe', 'lemonsqueezy', 'paddle', 'invoice')),
  provider_order_id text NOT NULL,
  -- Stripe: the checkout session's payment_intent, which its refunds and disputes name.
  payment_ref text,
  status text NOT NULL CHECK (status IN ('fulfilled', 'awaiting_key', 'unmatched', 'refunded')),
  name text,
  email text,
  email_canonical text,
  -- null while the product maps to no model (unmatched).
  model text CHECK (model IN ('basic', 'advanced')),
  -- The provider's product id (payment link, variant, price) that PAID_PRODUCTS maps.
  product_ref text,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100),
  amount_minor bigint,
  currency text,
  -- What the buyer and the operator quote: the provider's order number or the invoice number.
  reference text NOT NULL,
  event_id bigint REFERENCES webhook_events (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  fulfilled_at timestamptz,
  refunded_at timestamptz,
  person_erased_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_order_id)
);
--> statement-breakpoint
CREATE INDEX orders_payment_ref_idx ON orders (provider, payment_ref) WHERE payment_ref IS NOT NULL;
--> statement-breakpoint
CREATE INDEX orders_email_idx ON orders (email_canonical);
--> statement-breakpoint
-- Orders waiting for keys, oldest first (an import fulfils them).
CREATE INDEX orders_awaiting_idx ON orders (model, created_at) WHERE status = 'awaiting_key';
--> statement-breakpoint
CREATE TABLE order_keys (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  license_id uuid NOT NULL UNIQUE REFERENCES licenses (id),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, license_id)
);
--> statement-breakpoint
-- A refund that arrived before its order: applied when the order arrives, so no working key
-- goes out. `ref` is the provider's order id, or for Stripe the payment_intent.
CREATE TABLE pending_refunds (
  provider text NOT NULL,
  ref text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, ref)
);
--> statement-breakpoint
-- The empty paid pool's alert goes once per model per episode: a row while the episode lasts,
-- removed when paid keys of the model are imported.
CREATE TABLE paid_pool_alerts (
  model text PRIMARY KEY CHECK (model IN ('basic', 'advanced')),
  alerted_at timestamptz NOT NULL DEFAULT now()
);
