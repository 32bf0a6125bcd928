CREATE TABLE "metric_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"kind" text DEFAULT 'metric' NOT NULL,
	"user_id" bigint,
	"acc_id" integer,
	"props" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_connect_forms" (
	"form_hash" text PRIMARY KEY NOT NULL,
	"crm_name" text NOT NULL,
	"crm_company_id" integer NOT NULL,
	"step_id" integer DEFAULT 1 NOT NULL,
	"promo_code" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"acc_id" integer
);
--> statement-breakpoint
CREATE TABLE "start_page_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"phone" text NOT NULL,
	"communication_method" text NOT NULL,
	"lead_id" text,
	"form_url" text,
	"form_hash" text,
	"crm_name" text,
	"crm_client_id" text,
	"outbox_id" integer,
	"status" text NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"acc_id" integer,
	"branch_name" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"topic" text,
	"rate" integer,
	"file_name" text,
	"file_type" text,
	"file_path" text,
	"file_size" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrator_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"acc_id" integer,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auto_connect_forms" ADD CONSTRAINT "auto_connect_forms_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_page_requests" ADD CONSTRAINT "start_page_requests_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrator_requests" ADD CONSTRAINT "integrator_requests_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_events_event_at_idx" ON "metric_events" USING btree ("event","at");--> statement-breakpoint
CREATE INDEX "metric_events_at_idx" ON "metric_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "start_page_requests_acc_idx" ON "start_page_requests" USING btree ("acc_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_messages_created_idx" ON "feedback_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "integrator_requests_status_idx" ON "integrator_requests" USING btree ("status","created_at");