CREATE TABLE "agreements" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"info_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_members" (
	"acc_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"rights" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_members_user_id_acc_id_pk" PRIMARY KEY("user_id","acc_id")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"acc_id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"network_id" integer,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"crm_name" text DEFAULT 'local' NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"time_zone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"send_out_account" boolean DEFAULT false NOT NULL,
	"show_neiro_interface" boolean DEFAULT false NOT NULL,
	"active_modules" text[] DEFAULT '{}'::text[] NOT NULL,
	"pay_period" date,
	"pay_status" boolean DEFAULT false NOT NULL,
	"action_send_out" boolean DEFAULT false NOT NULL,
	"is_admin_bot_integrated" boolean DEFAULT false NOT NULL,
	"show_wa_banner" boolean DEFAULT true NOT NULL,
	"show_tg_banner" boolean DEFAULT true NOT NULL,
	"show_partner_page_banner" boolean DEFAULT false NOT NULL,
	"status_wa" text DEFAULT 'not_authenticated' NOT NULL,
	"status_tg" text DEFAULT 'not_authenticated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultants" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"partner_type" text NOT NULL,
	"rights" text[] NOT NULL,
	"promo_code" text NOT NULL,
	"extra_promo_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "consultants_promo_code_unique" UNIQUE("promo_code")
);
--> statement-breakpoint
CREATE TABLE "header_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_ru" text NOT NULL,
	"text_en" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_blocks" (
	"user_id" bigint NOT NULL,
	"block_name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "info_blocks_user_id_block_name_pk" PRIMARY KEY("user_id","block_name")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"lang" text DEFAULT 'ru' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_pins" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"refresh_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("telegram_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_members" ADD CONSTRAINT "branch_members_acc_id_branches_acc_id_fk" FOREIGN KEY ("acc_id") REFERENCES "public"."branches"("acc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_members" ADD CONSTRAINT "branch_members_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("telegram_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("telegram_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_blocks" ADD CONSTRAINT "info_blocks_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("telegram_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("telegram_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_members_acc_idx" ON "branch_members" USING btree ("acc_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");