-- One hit for each limit, counted and judged in one statement (decisions 14 and 18). It takes one
-- element per limit: the key, the caller's window and when its row expires (two windows later),
-- the limit's count, and how much of the previous window still overlaps the sliding window
-- (1 - (now - window start) / window). It returns the 1-based position of the first limit whose
-- estimate (hits + previous_hits * weight) is over its count, or null. Called by the
-- trial_request procedure and, for every other limit, by rate-limit-repository.ts.
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
