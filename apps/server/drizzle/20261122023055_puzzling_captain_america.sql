CREATE TABLE "access_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"new_name" text,
	"new_rights" text[],
	"new_active" boolean,
	"by_user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_settings" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"general" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bill_inn" text DEFAULT '' NOT NULL,
	"bill_kpp" text DEFAULT '' NOT NULL,
	"bill_name" text DEFAULT '' NOT NULL,
	"sms_provider" integer DEFAULT 1 NOT NULL,
	"sms_login" text DEFAULT '' NOT NULL,
	"sms_sender_name" text DEFAULT '' NOT NULL,
	"sms_secrets" text,
	"sms_confirm" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD CONSTRAINT "branch_settings_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_changes_acc_user" ON "access_changes" USING btree ("acc_id","user_id","at");