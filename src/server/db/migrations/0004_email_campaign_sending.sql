ALTER TABLE "email_campaigns" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_subscribers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_subscribers" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_template_id_email_marketing_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_marketing_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_logs_campaign_id_idx" ON "email_logs" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "email_logs_status_created_at_idx" ON "email_logs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_subscribers_subscribed_at_idx" ON "email_subscribers" USING btree ("subscribed_at");--> statement-breakpoint
CREATE INDEX "email_subscribers_tags_idx" ON "email_subscribers" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "email_subscribers_email_prefix_idx" ON "email_subscribers" USING btree ((lower("email") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "email_subscribers_full_name_prefix_idx" ON "email_subscribers" USING btree ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) collate "C"),"id");--> statement-breakpoint
CREATE INDEX "email_subscribers_last_name_prefix_idx" ON "email_subscribers" USING btree ((lower(coalesce("last_name", '')) collate "C"));