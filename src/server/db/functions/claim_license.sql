-- Takes one available key of the model's trial pool for the submission, in one statement (paid
-- keys go only to orders, orders/order-service.ts). The row lock skips
-- rows other transactions hold, so concurrent claims (here or on another instance) never get the
-- same key and never wait on each other. Real keys go before demo keys, in import order. Runs
-- inside the submission's transaction; the submission row may come later in it (the owner
-- reference is checked at commit, migration 0002). No row when the pool is empty.
CREATE FUNCTION claim_license(p_model text, p_submission_id uuid)
RETURNS TABLE (id uuid, activation_key text)
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY
  UPDATE licenses l SET status = 'assigned', submission_id = p_submission_id, assigned_at = now()
    WHERE l.id = (SELECT c.id FROM licenses c WHERE c.model = p_model AND c.status = 'available'
                    AND c.pool = 'trial'
                  ORDER BY c.demo, c.seq LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING l.id, l.activation_key;
END
$$;
