CREATE TABLE "review_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"first_step" jsonb NOT NULL,
	"second_step" jsonb NOT NULL,
	"last_step" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"code" text PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"kind" text NOT NULL,
	"run_id" bigint,
	"chain_id" integer,
	"template_id" integer,
	"record_id" text,
	"client_phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"first_click_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_run_sends" (
	"outbox_id" bigint PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"step" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"record_id" text NOT NULL,
	"client_id" text,
	"client_phone" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"visit_at" timestamp with time zone NOT NULL,
	"staff_name" text DEFAULT '' NOT NULL,
	"services" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"step" smallint DEFAULT 1 NOT NULL,
	"next_at" timestamp with time zone,
	"rating" smallint,
	"answer" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"asked_at" timestamp with time zone,
	"rated_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"sites" jsonb NOT NULL,
	"repeat_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_chains" ADD CONSTRAINT "review_chains_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_chains_acc" ON "review_chains" USING btree ("acc_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_origin" ON "review_links" USING btree ("acc_id","kind","record_id","client_phone");--> statement-breakpoint
CREATE INDEX "review_links_chain" ON "review_links" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "review_run_sends_run" ON "review_run_sends" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_runs_chain_record" ON "review_runs" USING btree ("chain_id","record_id");--> statement-breakpoint
CREATE INDEX "review_runs_phone" ON "review_runs" USING btree ("acc_id","client_phone","created_at");--> statement-breakpoint
CREATE INDEX "review_runs_next" ON "review_runs" USING btree ("next_at");--> statement-breakpoint
CREATE INDEX "review_runs_chain_created" ON "review_runs" USING btree ("chain_id","created_at");--> statement-breakpoint
CREATE INDEX "review_runs_chain_asked" ON "review_runs" USING btree ("chain_id","asked_at");