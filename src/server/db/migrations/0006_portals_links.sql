DROP INDEX "room_assignments_application_id_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_assignments_application_id_unique" ON "room_assignments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "users_application_id_idx" ON "users" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_unique" UNIQUE("user_id");