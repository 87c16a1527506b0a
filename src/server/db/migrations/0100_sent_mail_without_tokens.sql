-- Messages already sent keep no sign-in or confirmation token in their payload: from now on the
-- statement that marks a message sent drops it (outbox-repository.ts, markMailSent).
UPDATE mail_outbox SET payload = payload - 'token' WHERE status = 'sent' AND payload -> 'token' IS NOT NULL;
