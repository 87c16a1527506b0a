-- A trial request in one round trip (issue 12, DESIGN.md §9; docs/decisions/0008): the rate
-- limits join submit_trial's transaction, so the request path is one statement and one commit.
-- hit_rate_limits counts one hit per limit and answers which limit (0-based, in the order given)
-- is exceeded, or NULL: the current fixed window's count plus the previous window's, weighed by
-- how much of it still overlaps the last window. The other limited actions (key resend, waitlist,
-- purchase requests, consents, console sign-in) call it in a statement of their own.
-- p_windows: [{ key, window_start, previous_start, expires_at, max_hits, elapsed }], where
-- elapsed is the share of the current window that has passed (0..1).
CREATE FUNCTION hit_rate_limits(p_windows jsonb) RETURNS integer
LANGUAGE sql
AS $$
  WITH w AS (
    SELECT (x.ord - 1)::integer AS idx, x.key, x.window_start, x.previous_start, x.expires_at,
      x.max_hits, x.elapsed
    FROM ROWS FROM (jsonb_to_recordset(p_windows)
        AS (key text, window_start timestamptz, previous_start timestamptz,
            expires_at timestamptz, max_hits integer, elapsed double precision))
      WITH ORDINALITY AS x(key, window_start, previous_start, expires_at, max_hits, elapsed, ord)
  ),
  hit AS (
    INSERT INTO rate_limit_counters (key, window_start, hits, expires_at)
    SELECT key, window_start, 1, expires_at FROM w ORDER BY idx
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
    RETURNING key, hits
  )
  SELECT min(w.idx)
  FROM w
  JOIN hit ON hit.key = w.key
  LEFT JOIN rate_limit_counters prev
    ON prev.key = w.key AND prev.window_start = w.previous_start
  WHERE hit.hits + coalesce(prev.hits, 0) * (1 - w.elapsed) > w.max_hits
$$;
--> statement-breakpoint
DROP FUNCTION submit_trial(uuid, text, text, text, text, text, text, text, text, text, text,
  integer, text, integer, double precision);
--> statement-breakpoint
-- As in 0030, with the rate limits first; outcome 'limited' names the exceeded limit's index.
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
  p_breaker_count integer,
  p_breaker_seconds double precision,
  p_limits jsonb
) RETURNS TABLE (outcome text, claims integer, limited integer)
LANGUAGE plpgsql
AS $$
DECLARE
  v_claims integer := 0;
  v_owner record;
  v_license record;
  v_available boolean;
  v_mail_id uuid;
  v_limited integer;
BEGIN
  -- The rate limits first, in this transaction: the counter rows stay locked until commit, so
  -- one address's requests queue behind each other (at most its limit's worth of them); a
  -- refused request wrote only counters and commits without waiting for the disk.
  IF p_limits IS NOT NULL THEN
    v_limited := hit_rate_limits(p_limits);
    IF v_limited IS NOT NULL THEN
      PERFORM set_config('synchronous_commit', 'off', true);
      RETURN QUERY SELECT 'limited'::text, 0, v_limited;
      RETURN;
    END IF;
  END IF;

  IF p_breaker_count IS NOT NULL THEN
    SELECT count(*)::integer INTO v_claims FROM licenses
      WHERE model = p_model AND assigned_at > now() - make_interval(secs => p_breaker_seconds);
    IF v_claims >= p_breaker_count THEN
      RETURN QUERY SELECT 'breaker'::text, v_claims, NULL::integer;
      RETURN;
    END IF;
    -- Below the threshold again: an open episode ends.
    UPDATE claim_breaker_episodes SET ended_at = now()
      WHERE model = p_model AND ended_at IS NULL;
  END IF;

  -- One request per address and model at a time, so two quick repeats cannot both take a key.
  PERFORM pg_advisory_xact_lock(hashtext('trial:' || p_model || ':' || p_email_canonical));

  SELECT l.activation_key, s.id AS submission_id, s.email, s.first_name, s.last_name
    INTO v_owner
    FROM licenses l JOIN trial_submissions s ON s.id = l.submission_id
    WHERE s.email_canonical = p_email_canonical AND l.model = p_model
      AND l.status = 'assigned' AND l.assigned_at > now() - make_interval(days => p_valid_days)
    ORDER BY l.assigned_at DESC
    LIMIT 1;

  IF FOUND THEN
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
    RETURN QUERY SELECT CASE WHEN v_available THEN 'resent' ELSE 'waitlist' END, v_claims, NULL::integer;
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
    RETURN QUERY SELECT 'waitlist'::text, v_claims, NULL::integer;
    RETURN;
  END IF;

  v_mail_id := gen_random_uuid();
  INSERT INTO mail_outbox (id, kind, "to", payload, submission_id, message_id)
    VALUES (v_mail_id, 'trial', p_email,
      jsonb_build_object('firstName', p_first_name, 'lastName', p_last_name, 'model', p_model,
        'activationKey', v_license.activation_key),
      p_id, '<' || v_mail_id || '@' || p_message_id_domain || '>');
  RETURN QUERY SELECT 'claimed'::text, v_claims, NULL::integer;
END
$$;
