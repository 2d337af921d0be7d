-- Indexes written on every public submission that no query needs (docs/decisions/020, issue 22):
-- the exact unique index on email_subscribers.email duplicates email_subscribers_email_lower_idx
-- (unique on lower(email), which every look-up and the forms' conflict checks use, and which
-- refuses exact duplicates too); applications_retreat_id_idx and applications_stage_idx are the
-- leading columns of applications_retreat_stage_submitted_idx and applications_stage_submitted_id_idx.
ALTER TABLE "email_subscribers" DROP CONSTRAINT "email_subscribers_email_unique";--> statement-breakpoint
DROP INDEX "applications_retreat_id_idx";--> statement-breakpoint
DROP INDEX "applications_stage_idx";