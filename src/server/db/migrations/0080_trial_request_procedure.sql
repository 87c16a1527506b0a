-- A trial request in one round trip (issue 12, decision 18): a procedure counts the request's
-- rate-limit hits and commits them without waiting for the disk, then, unless a limit is
-- exceeded, runs submit_trial in a transaction of its own, committed durably. Two transactions
-- as before (decision 9: a busy address's counter rows are locked for microseconds, never
-- across an fsync), one CALL from the server instead of two statements. It must be called
-- outside a transaction block, as COMMIT inside a procedure requires.
--
-- add_rate_limit_hits counts and judges every limit, the procedure's and the server's others
-- (rate-limit-repository.ts): the counters' upsert of decision 14, moved here from the server's
-- code, and the sliding-window estimate that rate-limiter.ts made of its result. It takes one
-- element per limit: the key, the caller's window and when its row expires (two windows later),
-- the limit's count, and how much of the previous window still overlaps the sliding window
-- (1 - (now - window start) / window). It returns the 1-based position of the first limit whose
-- estimate (hits + previous_hits * weight) is over its count, or null.
--
-- trial_request takes the same five arrays first. exceeded is add_rate_limit_hits' answer; when
-- it is not null, outcome and claims stay null, otherwise they are submit_trial's.
CREATE FUNCTION add_rate_limit_hits(
  p_keys text[],
  p_window_starts timestamptz[],
  p_expires_at timestamptz[],
  p_limits integer[],
  p_previous_weights double precision[]
) RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  v_exceeded integer;
BEGIN
  -- One hit for each key. A row moves to the caller's window when that one is later: the count
  -- of the window just before becomes previous_hits, an older one is forgotten. A hit stamped
  -- with an earlier window than the row's (an instance whose clock lags) counts in the live one.
  WITH hit AS (
    INSERT INTO rate_limit_counters AS c (key, window_start, hits, previous_hits, expires_at)
    SELECT w.key, w.window_start, 1, 0, w.expires_at
    FROM unnest(p_keys, p_window_starts, p_expires_at) AS w (key, window_start, expires_at)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN excluded.window_start <= c.window_start THEN c.hits + 1 ELSE 1 END,
      previous_hits = CASE
        WHEN excluded.window_start <= c.window_start THEN c.previous_hits
        -- expires_at is two windows after the start, so this is "the row's window is the one
        -- just before the caller's"
        WHEN c.window_start = excluded.window_start - (excluded.expires_at - excluded.window_start) / 2
          THEN c.hits
        ELSE 0
      END,
      window_start = greatest(c.window_start, excluded.window_start),
      expires_at = greatest(c.expires_at, excluded.expires_at)
    RETURNING c.key, c.hits, c.previous_hits
  )
  SELECT min(l.position)::integer INTO v_exceeded
  FROM hit
  JOIN unnest(p_keys, p_limits, p_previous_weights) WITH ORDINALITY
    AS l (key, count, weight, position) ON l.key = hit.key
  WHERE hit.hits + hit.previous_hits * l.weight > l.count;
  RETURN v_exceeded;
END
$$;
--> statement-breakpoint
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
  p_breaker_count integer,
  p_breaker_seconds double precision,
  INOUT exceeded integer DEFAULT NULL,
  INOUT outcome text DEFAULT NULL,
  INOUT claims integer DEFAULT NULL
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
  SELECT s.outcome, s.claims INTO outcome, claims
  FROM submit_trial(p_id, p_first_name, p_last_name, p_email, p_email_canonical, p_model,
    p_source, p_token_hash, p_ip_hash, p_user_agent, p_terms_version, p_valid_days,
    p_message_id_domain, p_breaker_count, p_breaker_seconds) AS s;
END
$$;
