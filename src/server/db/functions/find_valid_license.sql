-- The newest key of this canonical address and model handed out less than p_valid_days ago,
-- with the submission it went to (its mailbox and its owner's name), or no row (decision 17).
--
-- Most addresses never asked for the model before, which one probe of the index on
-- email_canonical tells; only an address that did pays for the join. The probe's plan is cached
-- for the connection's life, so it must be right at any size the table grows to meanwhile: the
-- function runs with enable_seqscan off, and the probe names only email_canonical, which no other
-- index leads with; the model is checked on the rows found, an address's few. The join is planned
-- on each call (EXECUTE): a cached plan of it, made while the tables were small, walked every
-- recent claim of the model. submit-trial.test.ts holds both.
CREATE FUNCTION find_valid_license(p_email_canonical text, p_model text, p_valid_days integer)
RETURNS TABLE (
  license_id uuid,
  activation_key text,
  submission_id uuid,
  email text,
  first_name text,
  last_name text
)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_asked_model text;
BEGIN
  FOR v_asked_model IN
    SELECT s.model FROM trial_submissions s WHERE s.email_canonical = p_email_canonical
  LOOP
    IF v_asked_model = p_model THEN
      RETURN QUERY EXECUTE 'SELECT l.id, l.activation_key, s.id, s.email, s.first_name, s.last_name
          FROM trial_submissions s JOIN licenses l ON l.submission_id = s.id
          WHERE s.email_canonical = $1 AND s.model = $2 AND l.model = $2
            AND l.status = ''assigned'' AND l.assigned_at > now() - make_interval(days => $3)
          ORDER BY l.assigned_at DESC
          LIMIT 1'
        USING p_email_canonical, p_model, p_valid_days;
      RETURN;
    END IF;
  END LOOP;
END
$$;
