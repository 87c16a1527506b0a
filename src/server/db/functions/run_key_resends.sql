-- The worker's half of a key resend (decision 21): takes up to p_batch waiting requests (SKIP
-- LOCKED, so several workers share them), and for each model of each, when the address holds a
-- valid key, queues that key's e-mail again to the mailbox it was sent to, greeting its owner by
-- their own name. The requests are deleted in the same transaction, so a crash loses none and
-- sends none twice. Returns how many e-mails it queued. Called by the outbox worker each pass.
CREATE FUNCTION run_key_resends(p_batch integer, p_valid_days integer, p_message_id_domain text)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  v_request record;
  v_model text;
  v_owner record;
  v_queued integer := 0;
BEGIN
  FOR v_request IN
    DELETE FROM key_resend_requests WHERE id IN (
      SELECT r.id FROM key_resend_requests r ORDER BY r.id LIMIT p_batch FOR UPDATE SKIP LOCKED)
    RETURNING email_canonical, models
  LOOP
    FOREACH v_model IN ARRAY v_request.models LOOP
      SELECT * INTO v_owner FROM find_valid_license(v_request.email_canonical, v_model,
        p_valid_days);
      IF v_owner.license_id IS NOT NULL THEN
        PERFORM enqueue_trial_mail(v_owner.email, v_owner.first_name, v_owner.last_name, v_model,
          v_owner.activation_key, true, v_owner.submission_id, p_message_id_domain);
        v_queued := v_queued + 1;
      END IF;
    END LOOP;
  END LOOP;
  RETURN v_queued;
END
$$;
