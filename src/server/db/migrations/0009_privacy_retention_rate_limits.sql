CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "keep_on_priority_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "rate_limit_hits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "applications_declined_at_idx" ON "applications" USING btree ("declined_at");--> statement-breakpoint
-- Existing declined applications count their retention from their last change.
UPDATE "applications" SET "declined_at" = "updated_at" WHERE "stage" = 'declined';