-- At Yahoo's domains `-` starts a disposable subaddress, as `+` does elsewhere (docs/product.md,
-- "Trust under abuse"): `alice-x@yahoo.com` is `alice@yahoo.com`. The server writes the new
-- canonical form on every insert (guard/email-identity.ts); this rewrites the older rows so a
-- repeat still finds its valid key. The list is src/common/webmail-domains.ts's YAHOO_DOMAINS.
UPDATE trial_submissions
  SET email_canonical = regexp_replace(email_canonical, '^([^-@]+)-[^@]*@', '\1@')
  WHERE split_part(email_canonical, '@', 2) IN ('yahoo.com', 'yahoo.co.uk', 'yahoo.fr',
      'yahoo.de', 'yahoo.it', 'yahoo.es', 'yahoo.co.jp', 'yahoo.com.au', 'ymail.com',
      'rocketmail.com')
    AND email_canonical ~ '^[^-@]+-';
