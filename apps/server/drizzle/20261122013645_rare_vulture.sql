CREATE TABLE "channel_acks" (
	"instance_id" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"ack" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_acks_key" ON "channel_acks" USING btree ("instance_id","provider_message_id");