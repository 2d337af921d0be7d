ALTER TABLE "email_logs" ADD COLUMN "text_body" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "travel_compliance_forms" ADD COLUMN "submission_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_idempotency_key_unique" UNIQUE("idempotency_key");