-- Key resend requests waiting for the worker (docs/architecture.md, "A trial request"; decision
-- 21): the request stores its row in the same call that counts its limits and is answered at
-- once, whether or not the address holds a key; the outbox worker looks the key up and queues its
-- e-mail (functions/run_key_resends.sql), deleting the row in the same transaction. A row lives
-- seconds; a crash leaves it for the next pass.
CREATE TABLE key_resend_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_canonical text NOT NULL,
  models text[] NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
