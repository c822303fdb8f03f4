ALTER TABLE "users" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 22: users.data_version moves whenever anything of the user's agents changes, so a process can keep
-- the agents list it made and serve it again while the version it was made at is still the user's (the
-- session lookup reads the version with the user). Triggers rather than application code: every writer
-- (API, workers, payment webhook, admin) bumps it, whichever process it runs in.
-- Deferred to commit: the user's row is then the last lock a transaction takes, after its agent rows, so two
-- transactions changing one user's agents queue on it instead of deadlocking.
CREATE FUNCTION "bump_owner_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_TABLE_NAME = 'blooms' THEN
    owner := COALESCE(NEW.user_id, OLD.user_id);
  ELSE
    -- None when the agent went in the same transaction: its own row's trigger bumped the version.
    SELECT b.user_id INTO owner FROM blooms b WHERE b.id = COALESCE(NEW.bloom_id, OLD.bloom_id);
  END IF;
  UPDATE users SET data_version = data_version + 1 WHERE id = owner;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blooms_owner_data_version" AFTER INSERT OR UPDATE OR DELETE ON "blooms"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_owner_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bloom_stages_owner_data_version" AFTER INSERT OR UPDATE OR DELETE ON "bloom_stages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_owner_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bloom_protocols_owner_data_version" AFTER INSERT OR UPDATE OR DELETE ON "bloom_protocols"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_owner_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bloom_artifacts_owner_data_version" AFTER INSERT OR UPDATE OR DELETE ON "bloom_artifacts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_owner_data_version"();
