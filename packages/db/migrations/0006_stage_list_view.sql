ALTER TABLE "bloom_stages" ADD COLUMN "list_view" json;--> statement-breakpoint
-- Issue 22: each stage as the agents list shows it (apps/server features/pipeline/stages.ts, `stagesJsonSql`),
-- computed once as the stage is written instead of for every stage of every agent of every list request. The
-- metrics left out are contracts' `listOmittedMetrics`; the times are written as toISOString() writes them. A
-- BEFORE trigger sets the row's own column: no other row is locked, so stage writes wait for nothing new.
CREATE FUNCTION "bloom_stages_list_view"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_view := json_build_object(
    'name', NEW.name, 'status', NEW.status,
    'errorCode', NEW.error_code, 'errorMessage', NEW.error_message,
    'progress', NEW.progress, 'metrics', NEW.metrics - array['lossCurve', 'validationCurve', 'quality'],
    'startedAt', to_char(NEW.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedAt', to_char(NEW.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bloom_stages_list_view" BEFORE INSERT OR UPDATE ON "bloom_stages"
  FOR EACH ROW EXECUTE FUNCTION "bloom_stages_list_view"();--> statement-breakpoint
-- The stages written before: the trigger fills them.
UPDATE "bloom_stages" SET "list_view" = NULL;
