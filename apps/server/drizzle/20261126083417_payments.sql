CREATE TABLE "payment_accounts" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"discount" numeric DEFAULT 0 NOT NULL,
	"bonus_weeks" jsonb DEFAULT '{"1":0,"3":0,"6":0,"12":0}'::jsonb NOT NULL,
	"autopay" boolean DEFAULT false NOT NULL,
	"payment_method_id" text,
	"last_4" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_module_periods" (
	"acc_id" integer NOT NULL,
	"module" text NOT NULL,
	"paid_till" date NOT NULL,
	"test_period" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_module_periods_acc_id_module_pk" PRIMARY KEY("acc_id","module")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"idempotence_key" text NOT NULL,
	"type" text DEFAULT 'card' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"months" integer NOT NULL,
	"modules" text[] NOT NULL,
	"plan" jsonb NOT NULL,
	"confirmation_url" text,
	"receipt" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_module_periods" ADD CONSTRAINT "payment_module_periods_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_uq" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotence_uq" ON "payments" USING btree ("idempotence_key");--> statement-breakpoint
CREATE INDEX "payments_acc_idx" ON "payments" USING btree ("acc_id","created_at");