CREATE TABLE "bot_invites" (
	"token" text PRIMARY KEY NOT NULL,
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_subscribers" (
	"acc_id" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"name" text,
	"start_token" text,
	"phone" text,
	"started_at" timestamp with time zone NOT NULL,
	"linked_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "bot_subscribers_acc_id_kind_address_pk" PRIMARY KEY("acc_id","kind","address")
);
--> statement-breakpoint
CREATE TABLE "client_channels" (
	"acc_id" integer NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"address" text,
	"last_delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_channels_acc_id_phone_kind_pk" PRIMARY KEY("acc_id","phone","kind")
);
--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD COLUMN "meta" jsonb;--> statement-breakpoint
ALTER TABLE "bot_invites" ADD CONSTRAINT "bot_invites_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_subscribers" ADD CONSTRAINT "bot_subscribers_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_channels" ADD CONSTRAINT "client_channels_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_invites_acc_phone" ON "bot_invites" USING btree ("acc_id","phone");--> statement-breakpoint
CREATE INDEX "client_channels_linked" ON "client_channels" USING btree ("acc_id","kind","state");