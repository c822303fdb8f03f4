CREATE TYPE "public"."bloom_stage_name" AS ENUM('data_preparation_stage_1', 'data_preparation_stage_2', 'data_validation', 'training_tokenizer', 'training_pretraining', 'training_finetuning', 'training_exporting');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('not_initialized', 'pending', 'paid', 'expired', 'failed', 'processing');--> statement-breakpoint
CREATE TYPE "public"."work_status" AS ENUM('pending', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "bloom_artifacts" (
	"bloom_id" uuid NOT NULL,
	"stage" "bloom_stage_name" NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloom_artifacts_bloom_id_stage_kind_pk" PRIMARY KEY("bloom_id","stage","kind")
);
--> statement-breakpoint
CREATE TABLE "bloom_protocols" (
	"bloom_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloom_protocols_bloom_id_version_pk" PRIMARY KEY("bloom_id","version")
);
--> statement-breakpoint
CREATE TABLE "bloom_stages" (
	"bloom_id" uuid NOT NULL,
	"name" "bloom_stage_name" NOT NULL,
	"position" integer NOT NULL,
	"status" "work_status" DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"error_message" text,
	"progress" jsonb,
	"metrics" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloom_stages_bloom_id_name_pk" PRIMARY KEY("bloom_id","name")
);
--> statement-breakpoint
CREATE TABLE "blooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"dataset_name" text NOT NULL,
	"payment_status" "payment_status" NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bloom_artifacts" ADD CONSTRAINT "bloom_artifacts_bloom_id_blooms_id_fk" FOREIGN KEY ("bloom_id") REFERENCES "public"."blooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloom_protocols" ADD CONSTRAINT "bloom_protocols_bloom_id_blooms_id_fk" FOREIGN KEY ("bloom_id") REFERENCES "public"."blooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloom_stages" ADD CONSTRAINT "bloom_stages_bloom_id_blooms_id_fk" FOREIGN KEY ("bloom_id") REFERENCES "public"."blooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blooms" ADD CONSTRAINT "blooms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blooms_user_updated_idx" ON "blooms" USING btree ("user_id","updated_at");