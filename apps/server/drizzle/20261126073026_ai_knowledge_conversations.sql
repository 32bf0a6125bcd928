CREATE TABLE "ai_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"test_user_id" integer,
	"client_name" text DEFAULT '' NOT NULL,
	"instance_id" integer,
	"channel" text DEFAULT 'test' NOT NULL,
	"state" text DEFAULT 'bot' NOT NULL,
	"paused_till" timestamp with time zone,
	"reason" text,
	"pending_since" timestamp with time zone,
	"test_state" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"record_id" text,
	"revenue" numeric DEFAULT 0 NOT NULL,
	"answer_ms" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"rate" integer,
	"topic" text,
	"branch_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"ord" integer NOT NULL,
	"body" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', body)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"size" integer NOT NULL,
	"raw_path" text,
	"text" text,
	"summary" text DEFAULT '' NOT NULL,
	"summary_edited" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'upload' NOT NULL,
	"stage" text DEFAULT 'upload' NOT NULL,
	"error" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"author" text NOT NULL,
	"direction" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"is_ai_response" boolean DEFAULT false NOT NULL,
	"show_admin" boolean DEFAULT true NOT NULL,
	"show_client" boolean DEFAULT true NOT NULL,
	"require_action" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"provider_message_id" text,
	"outbox_id" bigint,
	"answered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_events" ADD CONSTRAINT "ai_events_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_feedback" ADD CONSTRAINT "ai_feedback_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge_chunks" ADD CONSTRAINT "ai_knowledge_chunks_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge_chunks" ADD CONSTRAINT "ai_knowledge_chunks_file_id_ai_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."ai_knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge_files" ADD CONSTRAINT "ai_knowledge_files_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_conversation_id_ai_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."ai_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_conversations_live_uq" ON "ai_conversations" USING btree ("acc_id","phone") WHERE "ai_conversations"."test_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_conversations_test_uq" ON "ai_conversations" USING btree ("acc_id","test_user_id") WHERE "ai_conversations"."test_user_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_conversations_recent_idx" ON "ai_conversations" USING btree ("acc_id","last_message_at");--> statement-breakpoint
CREATE INDEX "ai_events_acc_at_idx" ON "ai_events" USING btree ("acc_id","at");--> statement-breakpoint
CREATE INDEX "ai_knowledge_chunks_file_idx" ON "ai_knowledge_chunks" USING btree ("file_id","ord");--> statement-breakpoint
CREATE INDEX "ai_knowledge_chunks_acc_idx" ON "ai_knowledge_chunks" USING btree ("acc_id");--> statement-breakpoint
CREATE INDEX "ai_knowledge_chunks_tsv_idx" ON "ai_knowledge_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "ai_knowledge_chunks_trgm_idx" ON "ai_knowledge_chunks" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ai_knowledge_files_acc_idx" ON "ai_knowledge_files" USING btree ("acc_id","id");--> statement-breakpoint
CREATE INDEX "ai_messages_conversation_idx" ON "ai_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_messages_provider_uq" ON "ai_messages" USING btree ("conversation_id","provider_message_id") WHERE "ai_messages"."provider_message_id" is not null;