CREATE INDEX "applications_retreat_stage_submitted_idx" ON "applications" USING btree ("retreat_id","stage","submitted_at");--> statement-breakpoint
CREATE INDEX "applications_stage_submitted_id_idx" ON "applications" USING btree ("stage","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_full_name_prefix_idx" ON "applications" USING btree ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) collate "C"),"id");--> statement-breakpoint
CREATE INDEX "applications_last_name_prefix_idx" ON "applications" USING btree ((lower(coalesce("last_name", '')) collate "C"));--> statement-breakpoint
CREATE INDEX "applications_email_prefix_idx" ON "applications" USING btree ((lower("email") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "applications_country_prefix_idx" ON "applications" USING btree ((lower(coalesce("country", '')) collate "C"),"id");--> statement-breakpoint
CREATE INDEX "applications_score_id_idx" ON "applications" USING btree ("score","id");--> statement-breakpoint
CREATE INDEX "applications_stage_order_idx" ON "applications" USING btree ((coalesce(array_position(array['new','screening','interview','accepted','payment','waitlist','declined']::text[], "stage"), 99)),"id");