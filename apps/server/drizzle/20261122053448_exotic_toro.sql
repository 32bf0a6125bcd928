CREATE TABLE "sendout_recipients" (
	"sendout_id" text NOT NULL,
	"position" integer NOT NULL,
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent" text DEFAULT 'neutral' NOT NULL,
	"visits" integer,
	"last_visit_at" timestamp with time zone,
	"included" boolean DEFAULT true NOT NULL,
	"planned_at" timestamp with time zone,
	"outbox_id" bigint,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"recorded_at" timestamp with time zone,
	"record_id" text,
	"record_service" text,
	"record_cost" double precision,
	CONSTRAINT "sendout_recipients_sendout_id_position_pk" PRIMARY KEY("sendout_id","position")
);
--> statement-breakpoint
CREATE TABLE "sendout_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sendouts" (
	"id" text PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media" jsonb,
	"keys" text[] NOT NULL,
	"parsed_count" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"batch_len" integer NOT NULL,
	"between_time" integer NOT NULL,
	"instance_id" text,
	"consent_true" boolean DEFAULT true NOT NULL,
	"consent_neutral" boolean DEFAULT true NOT NULL,
	"loyalty_action_id" text,
	"visits_median" double precision,
	"last_visit_time_median" double precision,
	"clients_without_records" integer DEFAULT 0 NOT NULL,
	"consent_counts" jsonb NOT NULL,
	"time_start" timestamp with time zone,
	"plan_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"stopped" boolean DEFAULT false NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"recorded_count" integer DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	"stats_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sendout_recipients" ADD CONSTRAINT "sendout_recipients_sendout_id_sendouts_id_fk" FOREIGN KEY ("sendout_id") REFERENCES "public"."sendouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sendout_segments" ADD CONSTRAINT "sendout_segments_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sendouts" ADD CONSTRAINT "sendouts_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sendout_recipients_due" ON "sendout_recipients" USING btree ("sendout_id","planned_at") WHERE "sendout_recipients"."outbox_id" is null and "sendout_recipients"."included";--> statement-breakpoint
CREATE INDEX "sendout_recipients_phone" ON "sendout_recipients" USING btree ("acc_id","phone","sent_at");--> statement-breakpoint
CREATE INDEX "sendout_segments_acc" ON "sendout_segments" USING btree ("acc_id");--> statement-breakpoint
CREATE INDEX "sendouts_acc_status" ON "sendouts" USING btree ("acc_id","status");--> statement-breakpoint
CREATE INDEX "sendouts_acc_started" ON "sendouts" USING btree ("acc_id","started_at");