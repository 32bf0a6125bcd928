CREATE TABLE "partner_admins" (
	"promo_code" text NOT NULL,
	"telegram_id" bigint NOT NULL,
	"name" text NOT NULL,
	"access" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_admins_promo_code_telegram_id_pk" PRIMARY KEY("promo_code","telegram_id")
);
--> statement-breakpoint
CREATE TABLE "partner_attributions" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"promo_code" text NOT NULL,
	"comment" text,
	"attributed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"branch_id" integer,
	"branch_name" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 4 NOT NULL,
	"acc_id" integer,
	"amo_contact_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"acc_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"first_payment" boolean DEFAULT false NOT NULL,
	"income_amount" numeric NOT NULL,
	"accrued_amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"operation_at" timestamp with time zone NOT NULL,
	"payable_from" date NOT NULL,
	"period" text NOT NULL,
	"payout_id" integer
);
--> statement-breakpoint
CREATE TABLE "partner_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"promo_code" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"months" text[] NOT NULL,
	"msg" text,
	"kind" text NOT NULL,
	"days" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"bonus_days" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "partner_chat_url" text;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "one_time_pay_rate" numeric DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "regular_pay_rate" numeric DEFAULT 0.2 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "one_time_discount" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "bonus_acc_id" integer;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "currency" text DEFAULT 'RUB' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_admins" ADD CONSTRAINT "partner_admins_promo_code_partner_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."partner_promo_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_attributions" ADD CONSTRAINT "partner_attributions_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_attributions" ADD CONSTRAINT "partner_attributions_promo_code_partner_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."partner_promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_leads" ADD CONSTRAINT "partner_leads_promo_code_partner_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."partner_promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_operations" ADD CONSTRAINT "partner_operations_promo_code_partner_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."partner_promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_promo_codes" ADD CONSTRAINT "partner_promo_codes_user_id_consultants_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."consultants"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_admins_tg_idx" ON "partner_admins" USING btree ("telegram_id");--> statement-breakpoint
CREATE INDEX "partner_attributions_code_idx" ON "partner_attributions" USING btree ("promo_code");--> statement-breakpoint
CREATE INDEX "partner_leads_phone_idx" ON "partner_leads" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "partner_leads_code_idx" ON "partner_leads" USING btree ("promo_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_operations_payment_kind_idx" ON "partner_operations" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "partner_operations_code_idx" ON "partner_operations" USING btree ("promo_code","operation_at");--> statement-breakpoint
CREATE INDEX "partner_operations_unpaid_idx" ON "partner_operations" USING btree ("user_id") WHERE payout_id is null;--> statement-breakpoint
CREATE INDEX "partner_payouts_user_idx" ON "partner_payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "partner_promo_codes_user_idx" ON "partner_promo_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_bonus_acc_id_branches_acc_id_fk" FOREIGN KEY ("bonus_acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every code a partner had (main and extra) becomes a row of partner_promo_codes (14 bonus days, as before).
INSERT INTO "partner_promo_codes" ("code", "user_id", "name", "bonus_days", "is_main")
SELECT "promo_code", "user_id", "promo_code", 14, true FROM "consultants"
UNION ALL
SELECT x.code, c."user_id", x.code, 14, false FROM "consultants" c, unnest(c."extra_promo_codes") AS x(code)
ON CONFLICT ("code") DO NOTHING;
