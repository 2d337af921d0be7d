CREATE TABLE "site_content" (
	"retreat_id" uuid PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_version" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_name_unique";--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "retreat_id" uuid;--> statement-breakpoint
ALTER TABLE "task_templates" ADD COLUMN "retreat_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "selected_retreat_id" uuid;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_retreat_id_retreats_id_fk" FOREIGN KEY ("retreat_id") REFERENCES "public"."retreats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_retreat_id_retreats_id_fk" FOREIGN KEY ("retreat_id") REFERENCES "public"."retreats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_retreat_id_retreats_id_fk" FOREIGN KEY ("retreat_id") REFERENCES "public"."retreats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_selected_retreat_id_retreats_id_fk" FOREIGN KEY ("selected_retreat_id") REFERENCES "public"."retreats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_default_name_idx" ON "email_templates" USING btree ("name") WHERE "email_templates"."retreat_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_retreat_name_idx" ON "email_templates" USING btree ("retreat_id","name") WHERE "email_templates"."retreat_id" is not null;