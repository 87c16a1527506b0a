-- The thank-you page lets a visitor correct a mistyped address once, within 24 hours
-- (docs/product.md, "From trial to customer"); the moment of that one correction.
ALTER TABLE trial_submissions ADD COLUMN email_corrected_at timestamptz;
