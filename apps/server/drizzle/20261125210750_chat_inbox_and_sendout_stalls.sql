CREATE TABLE "chat_read_markers" (
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"last_read_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_read_markers_acc_id_phone_pk" PRIMARY KEY("acc_id","phone")
);
--> statement-breakpoint
CREATE TABLE "chat_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"outbox_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"author_name" text,
	"channel_kind" text NOT NULL,
	"body" text NOT NULL,
	"file_name" text,
	"file_size" integer,
	"content_type" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_replies_outbox_id_unique" UNIQUE("outbox_id")
);
--> statement-breakpoint
CREATE TABLE "sendout_stall_notices" (
	"sendout_id" text NOT NULL,
	"reason" text NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sendout_stall_notices_sendout_id_reason_pk" PRIMARY KEY("sendout_id","reason")
);
--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_replies" ADD CONSTRAINT "chat_replies_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sendout_stall_notices" ADD CONSTRAINT "sendout_stall_notices_sendout_id_sendouts_id_fk" FOREIGN KEY ("sendout_id") REFERENCES "public"."sendouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_replies_acc_phone" ON "chat_replies" USING btree ("acc_id","phone","created_at");