CREATE TABLE "crm_client_categories" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "crm_client_categories_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_clients" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"birthday" date,
	"sex" integer DEFAULT 0 NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"success_visits" integer DEFAULT 0 NOT NULL,
	"fail_visits" integer DEFAULT 0 NOT NULL,
	"bonus_balance" numeric DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crm_clients_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_connections" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'local' NOT NULL,
	"company_id" integer,
	"user_token" text,
	"poll_cursor" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"source" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb,
	"dedup_key" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"kinds" text[],
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_goods" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"price" numeric DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "crm_goods_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_loyalty_card_types" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"salon_group_id" text,
	CONSTRAINT "crm_loyalty_card_types_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_record_labels" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "crm_record_labels_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_records" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"client_id" text,
	"client_name" text DEFAULT '' NOT NULL,
	"client_phone" text DEFAULT '' NOT NULL,
	"staff_id" text,
	"staff_name" text DEFAULT '' NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"length_sec" integer NOT NULL,
	"attendance" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"short_link" text,
	"cost" numeric DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_records_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_service_categories" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "crm_service_categories_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_services" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"category_id" text,
	"price_min" numeric DEFAULT 0 NOT NULL,
	"price_max" numeric DEFAULT 0 NOT NULL,
	"duration_sec" integer DEFAULT 3600 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "crm_services_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_staff" (
	"acc_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"specialization" text,
	CONSTRAINT "crm_staff_acc_id_id_pk" PRIMARY KEY("acc_id","id")
);
--> statement-breakpoint
CREATE TABLE "template_sends" (
	"outbox_id" bigint PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"item" integer DEFAULT 0 NOT NULL,
	"record_id" text,
	"client_id" text,
	"client_phone" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"asks_confirmation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_versions" (
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"text_sms" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_client_categories" ADD CONSTRAINT "crm_client_categories_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_events" ADD CONSTRAINT "crm_events_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_goods" ADD CONSTRAINT "crm_goods_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_loyalty_card_types" ADD CONSTRAINT "crm_loyalty_card_types_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_record_labels" ADD CONSTRAINT "crm_record_labels_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_service_categories" ADD CONSTRAINT "crm_service_categories_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_services" ADD CONSTRAINT "crm_services_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_staff" ADD CONSTRAINT "crm_staff_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_clients_phone" ON "crm_clients" USING btree ("acc_id","phone");--> statement-breakpoint
CREATE INDEX "crm_clients_birthday" ON "crm_clients" USING btree ("acc_id",extract(month from "birthday"),extract(day from "birthday"));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_events_dedup" ON "crm_events" USING btree ("dedup_key");--> statement-breakpoint
CREATE INDEX "crm_events_pending" ON "crm_events" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "crm_records_starts" ON "crm_records" USING btree ("acc_id","starts_at");--> statement-breakpoint
CREATE INDEX "crm_records_client" ON "crm_records" USING btree ("acc_id","client_phone","created_at");--> statement-breakpoint
CREATE INDEX "template_sends_record" ON "template_sends" USING btree ("acc_id","record_id");--> statement-breakpoint
CREATE INDEX "template_sends_template" ON "template_sends" USING btree ("template_id","version","created_at");--> statement-breakpoint
CREATE INDEX "template_sends_phone" ON "template_sends" USING btree ("acc_id","client_phone","created_at");--> statement-breakpoint
CREATE INDEX "templates_acc_kind" ON "templates" USING btree ("acc_id","kind","position");