-- A line may join a tax invoice, credit or debit note only in the transaction that issues it:
-- afterwards the document is issued, and adding a line would change it as surely as an UPDATE.
-- The database notes each document inserted in the current transaction (a transaction-local
-- setting, gone at COMMIT or ROLLBACK, also undone with a rolled-back savepoint), and refuses a
-- line for any other document.
CREATE OR REPLACE FUNCTION portal_note_issuing_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('portal.issuing_documents', coalesce(nullif(current_setting('portal.issuing_documents', true), ''), ',') || NEW.id || ',', true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_document_line_joins_issue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF position(',' || NEW.document_id || ',' IN coalesce(current_setting('portal.issuing_documents', true), '')) = 0 THEN
    RAISE EXCEPTION 'issued billing documents cannot gain lines (document %)', NEW.document_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER billing_documents_note_issuing AFTER INSERT ON "billing_documents" FOR EACH ROW EXECUTE FUNCTION portal_note_issuing_document();--> statement-breakpoint
CREATE TRIGGER billing_document_lines_only_at_issue BEFORE INSERT ON "billing_document_lines" FOR EACH ROW EXECUTE FUNCTION portal_document_line_joins_issue();
