CREATE TABLE "bloom_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bloom_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bloom_shares" ADD CONSTRAINT "bloom_shares_bloom_id_blooms_id_fk" FOREIGN KEY ("bloom_id") REFERENCES "public"."blooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bloom_shares_token_hash_key" ON "bloom_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bloom_shares_bloom_idx" ON "bloom_shares" USING btree ("bloom_id","created_at");