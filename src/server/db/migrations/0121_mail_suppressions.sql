-- Addresses a receiving server refused permanently (a 5xx to RCPT TO): reminders and notices
-- skip them; the console shows them; `leads delete` removes the address's row.
CREATE TABLE mail_suppressions (
  email_canonical text PRIMARY KEY,
  email text NOT NULL,
  reason text NOT NULL,
  suppressed_at timestamptz NOT NULL DEFAULT now()
);
