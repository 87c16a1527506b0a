-- A paid order's keys, all or none, in one call (orders/order-service.ts): takes p_quantity
-- available keys of the model's paid pool in import order, skipping rows other transactions hold,
-- records them as the order's and marks the order fulfilled. Runs inside the order's
-- transaction with the order row locked or just inserted. No row when the pool holds fewer keys
-- than the order needs: nothing is taken, and the order stays as it was. assigned_at stays null:
-- it counts trial claims (the claim breaker, claims per day); order_keys.claimed_at dates this.
CREATE FUNCTION claim_order_keys(p_order_id uuid, p_model text, p_quantity int)
RETURNS TABLE (activation_key text, fulfilled_at timestamptz)
LANGUAGE plpgsql
AS $$
DECLARE
  v_ids uuid[];
  v_fulfilled_at timestamptz;
BEGIN
  SELECT array_agg(c.id ORDER BY c.seq) INTO v_ids
    FROM (SELECT l.id, l.seq FROM licenses l
           WHERE l.model = p_model AND l.status = 'available' AND l.pool = 'paid'
           ORDER BY l.seq LIMIT p_quantity FOR UPDATE SKIP LOCKED) c;
  IF coalesce(array_length(v_ids, 1), 0) < p_quantity THEN
    RETURN;
  END IF;
  UPDATE licenses SET status = 'assigned' WHERE id = ANY (v_ids);
  INSERT INTO order_keys (order_id, license_id) SELECT p_order_id, k FROM unnest(v_ids) k;
  UPDATE orders SET status = 'fulfilled', fulfilled_at = now(), updated_at = now()
    WHERE id = p_order_id
    RETURNING orders.fulfilled_at INTO v_fulfilled_at;
  RETURN QUERY
    SELECT l.activation_key, v_fulfilled_at FROM licenses l
     WHERE l.id = ANY (v_ids) ORDER BY l.seq;
END
$$;
