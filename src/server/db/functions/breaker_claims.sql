-- The claim breaker's count (docs/product.md, "Trust under abuse"): the model's keys claimed in
-- the last p_seconds, counted from the pool itself so every instance sees the same number. Below
-- the threshold an open episode ends in the same call. Used by submit_trial and claim-breaker.ts.
CREATE FUNCTION breaker_claims(p_model text, p_seconds double precision, p_threshold integer)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  v_claims integer;
BEGIN
  SELECT count(*)::integer INTO v_claims FROM licenses
    WHERE model = p_model AND assigned_at > now() - make_interval(secs => p_seconds);
  IF v_claims < p_threshold THEN
    UPDATE claim_breaker_episodes SET ended_at = now()
      WHERE model = p_model AND ended_at IS NULL;
  END IF;
  RETURN v_claims;
END
$$;
