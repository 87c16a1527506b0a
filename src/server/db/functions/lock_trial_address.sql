-- One trial request per address and model at a time, so two quick repeats cannot both take a
-- key: a transaction-scoped advisory lock on the canonical address and model. Used by
-- submit_trial and by the confirmation path (trials/confirmation-service.ts).
CREATE FUNCTION lock_trial_address(p_model text, p_email_canonical text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('trial:' || p_model || ':' || p_email_canonical));
END
$$;
