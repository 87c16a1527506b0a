-- A visit is a page reached from outside the site; a view reached from another of our pages
-- (the thank-you page after the form, the Lab after the landing page) is kept as a page view
-- but is no new visit, and must not count as one from `direct`. Rows counted before this cannot
-- be told apart and stay entries.
ALTER TABLE page_view_counts ADD COLUMN entry boolean NOT NULL DEFAULT true;
--> statement-breakpoint
ALTER TABLE page_view_counts DROP CONSTRAINT page_view_counts_pkey;
--> statement-breakpoint
ALTER TABLE page_view_counts
  ADD PRIMARY KEY (day, path, referrer_host, utm_source, utm_medium, utm_campaign, entry);
