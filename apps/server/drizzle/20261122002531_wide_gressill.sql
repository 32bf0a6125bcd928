CREATE TABLE "sandbox_accounts" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"phone" text,
	"qr" text,
	"qr_expires_at" timestamp with time zone,
	"pairing_code" text,
	"pairing_phone" text,
	"login_code" text,
	"password" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"client_key" text NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"body" text NOT NULL,
	"media" jsonb,
	"status" text NOT NULL,
	"deliver_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blacklist" (
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"command" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'not_authenticated' NOT NULL,
	"status_reason" text,
	"phone" text,
	"credentials" text,
	"qr" text,
	"qr_expires_at" timestamp with time zone,
	"pairing_code" text,
	"pairing_phone" text,
	"pairing_expires_at" timestamp with time zone,
	"first_connected_at" timestamp with time zone,
	"next_slot_at" timestamp with time zone,
	"sent_day" text,
	"sent_today" integer DEFAULT 0 NOT NULL,
	"recent_failures" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"pause_reason" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"generation" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"instance_id" text,
	"channel_kind" text NOT NULL,
	"direction" text NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"caption" text,
	"file" jsonb,
	"provider_message_id" text,
	"outbox_id" bigint,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"consent" boolean,
	"client_text" text,
	"comment" text,
	"consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"recipient" text NOT NULL,
	"client_name" text,
	"body" text NOT NULL,
	"media" jsonb,
	"channels" text[],
	"not_before" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"tried_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"channel_kind" text,
	"instance_id" text,
	"provider_message_id" text,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_settings" (
	"acc_id" integer PRIMARY KEY NOT NULL,
	"send_from" text,
	"send_to" text,
	"exception_masters_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"channel_order" text[] DEFAULT '{whatsapp,telegram,sms}'::text[] NOT NULL,
	"soft_priority" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blacklist" ADD CONSTRAINT "blacklist_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_commands" ADD CONSTRAINT "channel_commands_instance_id_channel_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."channel_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_instances" ADD CONSTRAINT "channel_instances_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_settings" ADD CONSTRAINT "sending_settings_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_key" ON "sandbox_messages" USING btree ("instance_id","direction","client_key");--> statement-breakpoint
CREATE INDEX "sandbox_messages_pending" ON "sandbox_messages" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "sandbox_messages_phone" ON "sandbox_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_acc_phone" ON "blacklist" USING btree ("acc_id","phone");--> statement-breakpoint
CREATE INDEX "channel_commands_pending" ON "channel_commands" USING btree ("instance_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_instances_acc_kind" ON "channel_instances" USING btree ("acc_id","kind");--> statement-breakpoint
CREATE INDEX "chat_messages_acc_phone_at" ON "chat_messages" USING btree ("acc_id","phone","at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_provider_dedup" ON "chat_messages" USING btree ("instance_id","direction","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_acc_phone" ON "consents" USING btree ("acc_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_idempotency" ON "outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("status","not_before");--> statement-breakpoint
CREATE INDEX "outbox_provider_message" ON "outbox" USING btree ("instance_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "outbox_acc_created" ON "outbox" USING btree ("acc_id","created_at");