CREATE TABLE "consent_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"actions" text[] NOT NULL,
	"new_active" boolean,
	"new_consent" boolean,
	"new_comment" text,
	"new_client_text" text,
	"user_tg_id" bigint,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_changes_acc_phone" ON "consent_changes" USING btree ("acc_id","phone","at");--> statement-breakpoint
CREATE INDEX "consents_acc_updated" ON "consents" USING btree ("acc_id","updated_at");