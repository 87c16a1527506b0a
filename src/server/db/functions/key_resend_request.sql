-- A key resend in one round trip (decision 21): counts the request's rate-limit hits and commits
-- them without waiting for the disk (as trial_request does), then, unless a limit is exceeded,
-- stores the request for the worker in a transaction of its own, committed durably. Nothing here
-- depends on whether the address holds a key, so the answer takes the same time either way; the
-- lookup and the e-mail come after, in run_key_resends. p_email_canonical null (a disposable
-- address, which never got a key) stores nothing. Must be called outside a transaction block.
CREATE PROCEDURE key_resend_request(
  p_keys text[],
  p_window_starts timestamptz[],
  p_expires_at timestamptz[],
  p_limits integer[],
  p_previous_weights double precision[],
  p_email_canonical text,
  p_models text[],
  INOUT exceeded integer DEFAULT NULL
)
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  exceeded := add_rate_limit_hits(p_keys, p_window_starts, p_expires_at, p_limits,
    p_previous_weights);
  COMMIT;

  IF exceeded IS NOT NULL OR p_email_canonical IS NULL THEN
    RETURN;
  END IF;

  INSERT INTO key_resend_requests (email_canonical, models) VALUES (p_email_canonical, p_models);
END
$$;
