-- An order for more keys than ORDER_MAX_KEYS takes none and waits for the operator as
-- needs_review, its quantity kept as the provider sent it (DESIGN §23): an order for 150 keys
-- was stored as one. The status check gains that one value and the quantity check a wider
-- range; every row the running release writes stays allowed, so it keeps working while this
-- release migrates.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('fulfilled', 'awaiting_key', 'unmatched', 'refunded', 'needs_review'));
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_quantity_check;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_quantity_check CHECK (quantity BETWEEN 1 AND 1000000);
