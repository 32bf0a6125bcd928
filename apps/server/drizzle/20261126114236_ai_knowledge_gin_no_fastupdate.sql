DROP INDEX "ai_knowledge_chunks_tsv_idx";--> statement-breakpoint
CREATE INDEX "ai_knowledge_chunks_tsv_idx" ON "ai_knowledge_chunks" USING gin ("tsv") WITH (fastupdate=false);