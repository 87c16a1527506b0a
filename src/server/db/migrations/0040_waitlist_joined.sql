-- Joining the waitlist is confirmed by e-mail once per submission: the first join
-- is recorded, so flipping the flag off and on again does not mail twice.
ALTER TABLE trial_submissions ADD COLUMN waitlist_joined_at timestamptz;
