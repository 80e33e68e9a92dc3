CREATE TABLE "spent_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_tokens_expires_idx" ON "spent_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Revocation reaches every API process at once: each one LISTENs and drops the session from its cache when the
-- revoking transaction commits, whichever process (or operator's SQL) revoked it.
CREATE FUNCTION notify_session_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_revoked', NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_revoked();--> statement-breakpoint
-- A user deleted or given another role: every process forgets the sessions it cached for them.
CREATE FUNCTION notify_user_access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_access_changed', NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_access_changed_notify AFTER UPDATE OF role, deleted_at ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION notify_user_access_changed();
