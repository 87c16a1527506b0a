-- Mail leases are short and renewed while a message is being sent (docs/product.md, "Trust under abuse"): only the
-- worker that claimed a row may renew its lease.
ALTER TABLE mail_outbox ADD COLUMN lease_owner text;
