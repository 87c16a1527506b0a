-- A paid event's usual case in one statement (orders/order-service.ts, decision 25): a new
-- order of a known model, no refund waiting for it, its keys in the paid pool. Marks the event
-- processed, records the order, claims its keys (claim_order_keys) and queues the key e-mail
-- (p_mail_payload plus `keys`), all or none. On the embedded database the whole transaction is
-- then one call, so no HTTP request is answered while it holds the one connection.
-- Returns one row, its outcome:
--   'taken'     the event was processed already (another worker); nothing done.
--   'replay'    the order is recorded already (a second event for it); the event is marked.
--   'fulfilled' the order is recorded with its keys and the e-mail queued.
--   'settle'    anything else (unknown model, a pending refund, too few keys): nothing done,
--               the caller runs the general path in a transaction of its own.
-- p_order holds the orders row's columns by name (id given by the caller: the e-mail names it).
CREATE FUNCTION record_paid_order(
  p_event_id bigint,
  p_order jsonb,
  p_refs text[],
  p_mail_to text,
  p_mail_payload jsonb,
  p_message_id_domain text
) RETURNS TABLE (outcome text, fulfilled_at timestamptz)
LANGUAGE plpgsql
AS $$
DECLARE
  o orders;
  v_available int;
  v_keys text[];
  v_fulfilled_at timestamptz;
BEGIN
  o := jsonb_populate_record(null::orders, p_order);
  IF o.model IS NULL OR p_mail_to IS NULL
     OR EXISTS (SELECT 1 FROM pending_refunds r WHERE r.provider = o.provider AND r.ref = ANY (p_refs)) THEN
    RETURN QUERY SELECT 'settle'::text, null::timestamptz;
    RETURN;
  END IF;
  PERFORM 1 FROM webhook_events e WHERE e.id = p_event_id AND e.processed_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'taken'::text, null::timestamptz;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM orders x WHERE x.provider = o.provider AND x.provider_order_id = o.provider_order_id) THEN
    UPDATE webhook_events SET outcome = 'done', processed_at = now(), locked_until = null, last_error = null
      WHERE id = p_event_id;
    RETURN QUERY SELECT 'replay'::text, null::timestamptz;
    RETURN;
  END IF;
  -- The keys this order will take, locked now; claim_order_keys takes the same rows below.
  SELECT count(*) INTO v_available
    FROM (SELECT 1 FROM licenses l
           WHERE l.model = o.model AND l.status = 'available' AND l.pool = 'paid'
           ORDER BY l.seq LIMIT o.quantity FOR UPDATE SKIP LOCKED) c;
  IF v_available < o.quantity THEN
    RETURN QUERY SELECT 'settle'::text, null::timestamptz;
    RETURN;
  END IF;
  INSERT INTO orders (id, provider, provider_order_id, payment_ref, status, name, email,
      email_canonical, model, product_ref, quantity, amount_minor, currency, reference, event_id,
      paid_at)
    VALUES (o.id, o.provider, o.provider_order_id, o.payment_ref, 'awaiting_key', o.name, o.email,
      o.email_canonical, o.model, o.product_ref, o.quantity, o.amount_minor, o.currency,
      o.reference, p_event_id, o.paid_at)
    ON CONFLICT (provider, provider_order_id) DO NOTHING;
  UPDATE webhook_events SET outcome = 'done', processed_at = now(), locked_until = null, last_error = null
    WHERE id = p_event_id;
  -- Recorded meanwhile by another event of the same order: as 'replay'.
  IF NOT EXISTS (SELECT 1 FROM orders x WHERE x.id = o.id) THEN
    RETURN QUERY SELECT 'replay'::text, null::timestamptz;
    RETURN;
  END IF;
  SELECT array_agg(k.activation_key ORDER BY k.n), min(k.fulfilled_at) INTO v_keys, v_fulfilled_at
    FROM claim_order_keys(p_order_id => o.id, p_model => o.model, p_quantity => o.quantity)
      WITH ORDINALITY AS k (activation_key, fulfilled_at, n);
  IF coalesce(array_length(v_keys, 1), 0) < o.quantity THEN
    RAISE EXCEPTION 'paid keys locked for order % were not claimed', o.id;
  END IF;
  PERFORM enqueue_mail(p_kind => 'order-keys', p_to => p_mail_to,
    p_payload => p_mail_payload || jsonb_build_object('keys', to_jsonb(v_keys)),
    p_submission_id => null, p_message_id_domain => p_message_id_domain);
  RETURN QUERY SELECT 'fulfilled'::text, v_fulfilled_at;
END
$$;
