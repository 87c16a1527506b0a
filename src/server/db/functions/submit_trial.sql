-- A trial request's transaction (docs/architecture.md, "A trial request"): the breaker check,
-- the per-address lock, a repeat's valid key or a claim from the pool, the submission row and
-- its e-mail in the outbox, committed together. trial_request calls it after counting the
-- request's rate-limit hits. Outcomes: 'breaker' (nothing done: the server takes the
-- confirmation path; breaker_window is the 1-based window of CLAIM_BREAKER that tripped, claims
-- its count), 'claimed', 'resent' (a valid key goes to its mailbox again; the pool still
-- has keys), 'waitlist'. enable_seqscan is off for the reason find_valid_license gives.
CREATE FUNCTION submit_trial(
  p_id uuid,
  p_first_name text,
  p_last_name text,
  p_email text,
  p_email_canonical text,
  p_model text,
  p_source text,
  p_token_hash text,
  p_ip_hash text,
  p_user_agent text,
  p_terms_version text,
  p_valid_days integer,
  p_message_id_domain text,
  p_breaker_counts integer[],
  p_breaker_seconds double precision[]
) RETURNS TABLE (outcome text, claims integer, breaker_window integer)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_claims integer := 0;
  v_tripped integer;
  v_owner record;
  v_license record;
BEGIN
  IF p_breaker_counts IS NOT NULL THEN
    SELECT b.claims, b.tripped INTO v_claims, v_tripped
      FROM breaker_claims(p_model, p_breaker_seconds, p_breaker_counts) AS b;
    IF v_tripped IS NOT NULL THEN
      RETURN QUERY SELECT 'breaker'::text, v_claims, v_tripped;
      RETURN;
    END IF;
  END IF;

  PERFORM lock_trial_address(p_model, p_email_canonical);

  SELECT * INTO v_owner FROM find_valid_license(p_email_canonical, p_model, p_valid_days);
  IF v_owner.license_id IS NOT NULL THEN
    -- Answer as a first request would now; the new row holds no key, and the valid key goes
    -- again to the mailbox it was first sent to, greeting its owner by their own name.
    INSERT INTO trial_submissions (id, first_name, last_name, email, email_canonical, model,
        source, license_id, waitlist_token_hash, ip_hash, user_agent, terms_version)
      VALUES (p_id, p_first_name, p_last_name, p_email, p_email_canonical, p_model, p_source,
        NULL, p_token_hash, p_ip_hash, p_user_agent, p_terms_version);
    PERFORM enqueue_trial_mail(v_owner.email, v_owner.first_name, v_owner.last_name, p_model,
      v_owner.activation_key, true, v_owner.submission_id, p_message_id_domain);
    RETURN QUERY SELECT
      CASE WHEN has_available_license(p_model) THEN 'resent' ELSE 'waitlist' END, v_claims,
      NULL::integer;
    RETURN;
  END IF;

  SELECT * INTO v_license FROM claim_license(p_model, p_id);

  INSERT INTO trial_submissions (id, first_name, last_name, email, email_canonical, model,
      source, license_id, waitlist_token_hash, ip_hash, user_agent, terms_version)
    VALUES (p_id, p_first_name, p_last_name, p_email, p_email_canonical, p_model, p_source,
      v_license.id, p_token_hash, p_ip_hash, p_user_agent, p_terms_version);

  IF v_license.id IS NULL THEN
    RETURN QUERY SELECT 'waitlist'::text, v_claims, NULL::integer;
    RETURN;
  END IF;

  PERFORM enqueue_trial_mail(p_email, p_first_name, p_last_name, p_model,
    v_license.activation_key, false, p_id, p_message_id_domain);
  RETURN QUERY SELECT 'claimed'::text, v_claims, NULL::integer;
END
$$;
