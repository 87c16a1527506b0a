-- An outbox message's Message-ID, fixed when it is queued so every attempt sends the same one:
-- <row id@sender's domain>. The one place that spells it (enqueue_mail, queue_trial_reminders).
CREATE FUNCTION mail_message_id(p_id uuid, p_domain text) RETURNS text
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT '<' || p_id::text || '@' || p_domain || '>'
$$;
