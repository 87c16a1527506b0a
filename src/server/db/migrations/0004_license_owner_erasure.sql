-- A person's data can be deleted (retention period or their request) while the key they were
-- given stays assigned in the pool's history: an assigned key has an owner, or the time its
-- owner was erased.
ALTER TABLE licenses ADD COLUMN owner_erased_at timestamptz;
--> statement-breakpoint
ALTER TABLE licenses DROP CONSTRAINT licenses_assigned_has_owner;
--> statement-breakpoint
ALTER TABLE licenses ADD CONSTRAINT licenses_assigned_has_owner CHECK (
  status <> 'assigned' OR (assigned_at IS NOT NULL AND (submission_id IS NOT NULL OR owner_erased_at IS NOT NULL))
);
