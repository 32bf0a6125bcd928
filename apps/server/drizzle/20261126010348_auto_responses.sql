CREATE TABLE "auto_response_settings" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"period_hours" integer NOT NULL,
	"pause_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_phrase_answers" (
	"key_phrase_id" integer NOT NULL,
	"phone" text NOT NULL,
	"acc_id" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"outbox_id" bigint NOT NULL,
	CONSTRAINT "key_phrase_answers_key_phrase_id_phone_pk" PRIMARY KEY("key_phrase_id","phone")
);
--> statement-breakpoint
CREATE TABLE "key_phrases" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"type" text NOT NULL,
	"reply" text NOT NULL,
	"words" text[] NOT NULL,
	"media" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_response_settings" ADD CONSTRAINT "auto_response_settings_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_phrase_answers" ADD CONSTRAINT "key_phrase_answers_key_phrase_id_key_phrases_id_fk" FOREIGN KEY ("key_phrase_id") REFERENCES "public"."key_phrases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_phrases" ADD CONSTRAINT "key_phrases_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_phrases_acc" ON "key_phrases" USING btree ("acc_id","id");