-- submit_trial plans its repeat lookup only for an address that has asked before (issue 12,
-- decision 17). Since 0050 the lookup ran through EXECUTE, planned on each call so that no plan
-- cached while the tables were small could outlive them; planning that join (trial_submissions
-- has thirteen indexes, licenses seven) cost about 0.5 ms of Postgres CPU a call, half of the
-- whole function's. Most requests come from an address with no submission of the model, which a
-- probe of the index on (email_canonical, model) tells; only an address that has one pays for
-- the lookup, planned as before.
--
-- The probe's plan is cached for the connection's life, or until statistics change, so it must
-- be right at any size the table grows to meanwhile (a burst adds tens of thousands of rows
-- before autovacuum comes round). Two plans made for a small table would not be: a sequential
-- scan (the cheapest once a few rows are analyzed) and, with model among the conditions, a walk
-- of (model, created_at) that filters every row of the model (as cheap as the right index on an
-- empty table). So the function runs with enable_seqscan off, and the probe names only
-- email_canonical, which no other index leads with; the model is checked on the rows found, an
-- address's few. submit-trial.test.ts holds both. Everything else is as in 0050.
CREATE OR REPLACE FUNCTION submit_trial(
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
  p_breaker_count integer,
  p_breaker_seconds double precision
) RETURNS TABLE (outcome text, claims integer)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_claims integer := 0;
  v_owner record;
  v_license record;
  v_available boolean;
  v_mail_id uuid;
  v_asked boolean := false;
  v_asked_model text;
  v_repeat boolean := false;
BEGIN
  IF p_breaker_count IS NOT NULL THEN
    SELECT count(*)::integer INTO v_claims FROM licenses
      WHERE model = p_model AND assigned_at > now() - make_interval(secs => p_breaker_seconds);
    IF v_claims >= p_breaker_count THEN
      RETURN QUERY SELECT 'breaker'::text, v_claims;
      RETURN;
    END IF;
    -- Below the threshold again: an open episode ends.
    UPDATE claim_breaker_episodes SET ended_at = now()
      WHERE model = p_model AND ended_at IS NULL;
  END IF;

  -- One request per address and model at a time, so two quick repeats cannot both take a key.
  PERFORM pg_advisory_xact_lock(hashtext('trial:' || p_model || ':' || p_email_canonical));

  -- Has this address asked for this model before? One probe of the index on (email_canonical,
  -- model), whose cached plan stays right at any table size (above).
  FOR v_asked_model IN
    SELECT model FROM trial_submissions WHERE email_canonical = p_email_canonical
  LOOP
    IF v_asked_model = p_model THEN
      v_asked := true;
      EXIT;
    END IF;
  END LOOP;
  IF v_asked THEN
    -- From this address's own submissions (index on email_canonical, model) to their keys (index
    -- on licenses.submission_id). Planned on each call (EXECUTE): a cached plan of this join,
    -- made while the tables were small, walked every recent claim or submission of the model
    -- (0050).
    EXECUTE 'SELECT l.activation_key, s.id AS submission_id, s.email, s.first_name, s.last_name
        FROM trial_submissions s JOIN licenses l ON l.submission_id = s.id
        WHERE s.email_canonical = $1 AND s.model = $2 AND l.model = $2
          AND l.status = ''assigned'' AND l.assigned_at > now() - make_interval(days => $3)
        ORDER BY l.assigned_at DESC
        LIMIT 1'
      INTO v_owner
      USING p_email_canonical, p_model, p_valid_days;
    v_repeat := v_owner.submission_id IS NOT NULL;
  END IF;

  IF v_repeat THEN
    -- Answer as a first request would now; the new row holds no key, and the valid key goes
    -- again to the mailbox it was first sent to, greeting its owner by their own name.
    v_available := EXISTS (SELECT 1 FROM licenses WHERE model = p_model AND status = 'available');
    INSERT INTO trial_submissions (id, first_name, last_name, email, email_canonical, model,
        source, license_id, waitlist_token_hash, ip_hash, user_agent, terms_version)
      VALUES (p_id, p_first_name, p_last_name, p_email, p_email_canonical, p_model, p_source,
        NULL, p_token_hash, p_ip_hash, p_user_agent, p_terms_version);
    v_mail_id := gen_random_uuid();
    INSERT INTO mail_outbox (id, kind, "to", payload, submission_id, message_id)
      VALUES (v_mail_id, 'trial', v_owner.email,
        jsonb_build_object('firstName', v_owner.first_name, 'lastName', v_owner.last_name,
          'model', p_model, 'activationKey', v_owner.activation_key, 'resend', true),
        v_owner.submission_id, '<' || v_mail_id || '@' || p_message_id_domain || '>');
    RETURN QUERY SELECT CASE WHEN v_available THEN 'resent' ELSE 'waitlist' END, v_claims;
    RETURN;
  END IF;

  UPDATE licenses SET status = 'assigned', submission_id = p_id, assigned_at = now()
    WHERE id = (SELECT id FROM licenses WHERE model = p_model AND status = 'available'
                ORDER BY demo, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, activation_key INTO v_license;

  INSERT INTO trial_submissions (id, first_name, last_name, email, email_canonical, model,
      source, license_id, waitlist_token_hash, ip_hash, user_agent, terms_version)
    VALUES (p_id, p_first_name, p_last_name, p_email, p_email_canonical, p_model, p_source,
      v_license.id, p_token_hash, p_ip_hash, p_user_agent, p_terms_version);

  IF v_license.id IS NULL THEN
    RETURN QUERY SELECT 'waitlist'::text, v_claims;
    RETURN;
  END IF;

  v_mail_id := gen_random_uuid();
  INSERT INTO mail_outbox (id, kind, "to", payload, submission_id, message_id)
    VALUES (v_mail_id, 'trial', p_email,
      jsonb_build_object('firstName', p_first_name, 'lastName', p_last_name, 'model', p_model,
        'activationKey', v_license.activation_key),
      p_id, '<' || v_mail_id || '@' || p_message_id_domain || '>');
  RETURN QUERY SELECT 'claimed'::text, v_claims;
END
$$;
