-- The claim breaker's count (docs/product.md, "Trust under abuse"; decision 21): the model's keys
-- claimed in each of the breaker's windows (CLAIM_BREAKER `50/1h,200/24h`: p_seconds {3600,
-- 86400}, p_thresholds {50, 200}), counted from the pool itself so every instance sees the same
-- numbers. tripped is the 1-based position of the first window whose claims reached its
-- threshold, with claims its count; when none did, tripped is null, claims is the first window's
-- count, and an open episode ends in the same call (only then: a day's ceiling keeps its episode
-- while the hour's count is low). Used by submit_trial and claim-breaker.ts.
CREATE FUNCTION breaker_claims(p_model text, p_seconds double precision[], p_thresholds integer[])
RETURNS TABLE (claims integer, tripped integer)
LANGUAGE plpgsql
AS $$
DECLARE
  v_claims integer;
  v_first integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_seconds, 1), 0) LOOP
    SELECT count(*)::integer INTO v_claims FROM licenses
      WHERE model = p_model AND assigned_at > now() - make_interval(secs => p_seconds[i]);
    IF i = 1 THEN
      v_first := v_claims;
    END IF;
    IF v_claims >= p_thresholds[i] THEN
      RETURN QUERY SELECT v_claims, i;
      RETURN;
    END IF;
  END LOOP;
  UPDATE claim_breaker_episodes SET ended_at = now()
    WHERE model = p_model AND ended_at IS NULL;
  RETURN QUERY SELECT coalesce(v_first, 0), NULL::integer;
END
$$;
