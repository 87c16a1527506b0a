-- Queues a message in the outbox (docs/architecture.md, "The outbox"). Its Message-ID is fixed
-- now (mail_message_id), so every attempt sends the same one. Returns the row's id and it.
CREATE FUNCTION enqueue_mail(
  p_kind text,
  p_to text,
  p_payload jsonb,
  p_submission_id uuid,
  p_message_id_domain text
) RETURNS TABLE (id uuid, message_id text)
LANGUAGE plpgsql
AS $$
DECLARE
  v_id uuid := gen_random_uuid();
BEGIN
  RETURN QUERY
  INSERT INTO mail_outbox AS m (id, kind, "to", payload, submission_id, message_id)
    VALUES (v_id, p_kind, p_to, p_payload, p_submission_id,
      mail_message_id(v_id, p_message_id_domain))
    RETURNING m.id, m.message_id;
END
$$;
