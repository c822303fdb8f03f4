-- Issue 33: an agent has numbered versions. A version is a row of bloom_protocols (its protocol); its stages,
-- their outputs and its payments carry its number. Every agent made before is version 1 of itself: its rows
-- take the default, and its files stay where they are (ARTIFACTS_DIR/<agent>/, version 1's folder).
ALTER TABLE "bloom_artifacts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bloom_payments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bloom_stages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blooms" ADD COLUMN "latest_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blooms" ADD COLUMN "scenarios" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blooms" ADD COLUMN "gate_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bloom_artifacts" DROP CONSTRAINT "bloom_artifacts_bloom_id_stage_kind_pk";--> statement-breakpoint
ALTER TABLE "bloom_stages" DROP CONSTRAINT "bloom_stages_bloom_id_name_pk";--> statement-breakpoint
ALTER TABLE "bloom_artifacts" ADD CONSTRAINT "bloom_artifacts_bloom_id_version_stage_kind_pk" PRIMARY KEY("bloom_id","version","stage","kind");--> statement-breakpoint
ALTER TABLE "bloom_stages" ADD CONSTRAINT "bloom_stages_bloom_id_version_name_pk" PRIMARY KEY("bloom_id","version","name");
