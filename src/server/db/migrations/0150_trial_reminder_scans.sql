-- Trial reminders are scheduled shortly before they are due, one scan per offset, instead of
-- every key's rows at once when it is handed out: the first pass on a database with many trials
-- wrote two rows per key (173,000 for 100,000 keys, 10 s on the embedded database) though few
-- were due. Each offset keeps how far it has read licenses.assigned_at; null until its first
-- scan, which schedules only reminders not yet stale. trial_reminder_scan stays for an older
-- instance during a rolling deploy (migrations only add); this version no longer reads it.
CREATE TABLE trial_reminder_scans (
  offset_days integer PRIMARY KEY,
  scanned_to timestamptz
);
