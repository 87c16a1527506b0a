-- A submission now claims its key before its own row is written (one statement fewer per
-- request), so the key's reference to its owner is checked at commit, when both exist.
ALTER TABLE licenses ALTER CONSTRAINT licenses_submission_fk DEFERRABLE INITIALLY DEFERRED;
