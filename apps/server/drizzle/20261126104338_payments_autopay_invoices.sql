CREATE TABLE "payment_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"number" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"name" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"months" integer NOT NULL,
	"modules" text[] NOT NULL,
	"plan" jsonb NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_notices" (
	"acc_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_notices_acc_id_kind_key_pk" PRIMARY KEY("acc_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "autopay_months" integer;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "autopay_modules" text[];--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "due_day" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" numeric;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_number_uq" ON "payment_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payment_invoices_acc_idx" ON "payment_invoices" USING btree ("acc_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_conversations_pending_idx" ON "ai_conversations" USING btree ("pending_since") WHERE "ai_conversations"."pending_since" is not null and "ai_conversations"."test_user_id" is null;--> statement-breakpoint
CREATE INDEX "payments_autopay_due_idx" ON "payments" USING btree ("acc_id","due_day");