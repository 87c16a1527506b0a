-- The cookieless funnel: page views counted from document requests, one row per day and key
-- (path, referrer host, UTM source, medium, campaign), incremented in batches. Nothing in it
-- identifies a person: no address, cookie, user agent or identifier.
CREATE TABLE page_view_counts (
  day date NOT NULL,
  path text NOT NULL,
  referrer_host text NOT NULL DEFAULT '',
  utm_source text NOT NULL DEFAULT '',
  utm_medium text NOT NULL DEFAULT '',
  utm_campaign text NOT NULL DEFAULT '',
  views integer NOT NULL,
  PRIMARY KEY (day, path, referrer_host, utm_source, utm_medium, utm_campaign)
);
