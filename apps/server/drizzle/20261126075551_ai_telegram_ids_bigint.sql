ALTER TABLE "ai_conversations" ALTER COLUMN "test_user_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ai_feedback" ALTER COLUMN "user_id" SET DATA TYPE bigint;