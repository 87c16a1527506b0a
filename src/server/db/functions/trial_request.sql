-- A trial request in one round trip (decision 18): counts the request's rate-limit hits and
-- commits them without waiting for the disk, then, unless a limit is exceeded, runs submit_trial
-- in a transaction of its own, committed durably. Two transactions (decision 9: a busy address's
-- counter rows are locked for microseconds, never across an fsync), one CALL from the server.
-- It must be called outside a transaction block, as COMMIT inside a procedure requires.
-- exceeded is add_rate_limit_hits' answer; when it is not null, outcome, claims and
-- breaker_window stay null, otherwise they are submit_trial's. The server calls it through db/functions.ts.
CREATE PROCEDURE trial_request(
  p_keys text[],
  p_window_starts timestamptz[],
  p_expires_at timestamptz[],
  p_limits integer[],
  p_previous_weights double precision[],
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
  p_breaker_seconds double precision[],
  INOUT exceeded integer DEFAULT NULL,
  INOUT outcome text DEFAULT NULL,
  INOUT claims integer DEFAULT NULL,
  INOUT breaker_window integer DEFAULT NULL
)
LANGUAGE plpgsql
AS $$
BEGIN
  -- The counters' transaction: every attempt counts, including refused ones.
  PERFORM set_config('synchronous_commit', 'off', true);
  exceeded := add_rate_limit_hits(p_keys, p_window_starts, p_expires_at, p_limits,
    p_previous_weights);
  COMMIT;

  IF exceeded IS NOT NULL THEN
    RETURN;
  END IF;

  -- The submission's transaction, committed durably when the CALL returns.
  SELECT s.outcome, s.claims, s.breaker_window INTO outcome, claims, breaker_window
  FROM submit_trial(p_id, p_first_name, p_last_name, p_email, p_email_canonical, p_model,
    p_source, p_token_hash, p_ip_hash, p_user_agent, p_terms_version, p_valid_days,
    p_message_id_domain, p_breaker_counts, p_breaker_seconds) AS s;
END
$$;
