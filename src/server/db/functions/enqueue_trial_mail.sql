-- Queues the trial key e-mail: the one place its payload is built (mail/payloads.ts reads it as
-- TrialMailPayload). p_resend marks a key handed over again. Used by submit_trial, the
-- confirmation path and the key resend.
CREATE FUNCTION enqueue_trial_mail(
  p_to text,
  p_first_name text,
  p_last_name text,
  p_model text,
  p_activation_key text,
  p_resend boolean,
  p_submission_id uuid,
  p_message_id_domain text
) RETURNS uuid
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN (SELECT m.id FROM enqueue_mail('trial', p_to,
    jsonb_strip_nulls(jsonb_build_object('firstName', p_first_name, 'lastName', p_last_name,
      'model', p_model, 'activationKey', p_activation_key,
      'resend', CASE WHEN p_resend THEN true END)),
    p_submission_id, p_message_id_domain) AS m);
END
$$;
