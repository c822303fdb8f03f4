ALTER TABLE "bloom_stages" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bloom_stages" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bloom_stages" ADD COLUMN "running_since" timestamp with time zone;