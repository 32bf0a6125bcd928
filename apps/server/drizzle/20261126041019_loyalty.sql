CREATE TABLE "loyalty_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"bonus_type" text NOT NULL,
	"card_type_id" text DEFAULT '0' NOT NULL,
	"card_type_title" text DEFAULT 'Не выбрано' NOT NULL,
	"card_type_group_id" text,
	"loyalty_points" integer,
	"new_customer_points" integer DEFAULT 0 NOT NULL,
	"range_to" integer DEFAULT 1 NOT NULL,
	"interest" integer,
	"monthly_limit" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"first_activated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_invites" (
	"code" text PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"parent_phone" text NOT NULL,
	"parent_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"referral_id" bigint NOT NULL,
	"record_id" text NOT NULL,
	"beneficiary" text NOT NULL,
	"phone" text NOT NULL,
	"card_type_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric NOT NULL,
	"paid_amount" numeric DEFAULT 0 NOT NULL,
	"visit_number" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_pushes" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"pushed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_referrals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"invite_code" text NOT NULL,
	"parent_phone" text NOT NULL,
	"child_phone" text NOT NULL,
	"child_name" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"first_paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loyalty_actions" ADD CONSTRAINT "loyalty_actions_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_invites" ADD CONSTRAINT "loyalty_invites_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_invites" ADD CONSTRAINT "loyalty_invites_action_id_loyalty_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."loyalty_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_action_id_loyalty_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."loyalty_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_referral_id_loyalty_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."loyalty_referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_pushes" ADD CONSTRAINT "loyalty_pushes_entry_id_loyalty_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."loyalty_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_pushes" ADD CONSTRAINT "loyalty_pushes_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_referrals" ADD CONSTRAINT "loyalty_referrals_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_referrals" ADD CONSTRAINT "loyalty_referrals_action_id_loyalty_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."loyalty_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_actions_acc" ON "loyalty_actions" USING btree ("acc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_invites_parent" ON "loyalty_invites" USING btree ("action_id","parent_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_once" ON "loyalty_ledger" USING btree ("acc_id","record_id","beneficiary","kind");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_referral" ON "loyalty_ledger" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_phone" ON "loyalty_ledger" USING btree ("acc_id","phone");--> statement-breakpoint
CREATE INDEX "loyalty_pushes_due" ON "loyalty_pushes" USING btree ("status","next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_referrals_child" ON "loyalty_referrals" USING btree ("acc_id","child_phone");--> statement-breakpoint
CREATE INDEX "loyalty_referrals_action" ON "loyalty_referrals" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "loyalty_referrals_parent" ON "loyalty_referrals" USING btree ("acc_id","parent_phone");