-- Queues the e-mails of claimed trial reminders and marks the reminders sent, a batch in one
-- statement: the first pass after the upgrade or a long downtime may find thousands due, and a
-- round trip (or a function call) per reminder took minutes. p_reminders is a JSON array of
-- objects with license_id, offset_days, to, payload, submission_id and stop_token_hash. Only a
-- reminder this statement moves from pending to sent gets its e-mail, so even a caller that did
-- not lock its claim cannot queue one twice. Returns how many it queued.
CREATE FUNCTION queue_trial_reminders(
  p_reminders jsonb,
  p_message_id_domain text,
  p_now timestamptz
) RETURNS integer
LANGUAGE sql
AS $$
  WITH x AS MATERIALIZED (
    SELECT x.*, gen_random_uuid() AS outbox_id
      FROM jsonb_to_recordset(p_reminders) AS x(license_id uuid, offset_days integer, "to" text,
             payload jsonb, submission_id uuid, stop_token_hash text)
  ), sent AS (
    UPDATE trial_reminders r
       SET status = 'sent', outbox_id = x.outbox_id, stop_token_hash = x.stop_token_hash,
           updated_at = p_now
      FROM x
     WHERE r.license_id = x.license_id AND r.offset_days = x.offset_days
       AND r.status = 'pending'
    RETURNING x.outbox_id, x."to", x.payload, x.submission_id
  ), queued AS (
    INSERT INTO mail_outbox (id, kind, "to", payload, submission_id, message_id)
    SELECT sent.outbox_id, 'trial-reminder', sent."to", sent.payload, sent.submission_id,
           mail_message_id(sent.outbox_id, p_message_id_domain)
      FROM sent
    RETURNING 1
  )
  SELECT count(*)::integer FROM queued
$$;
