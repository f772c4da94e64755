-- Who a document's sales count for, fixed when it is issued: the client's type, the branch (the
-- order's, else the client's) and the rep at the time (the order's creator when it is one of the
-- client's reps, else the client's first linked rep). A note takes its invoice's, so a credit
-- lands on the rep and branch the sale was counted for, whoever works the client since.
CREATE TABLE "sales_attributions" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"client_type" text NOT NULL,
	"branch_id" integer,
	"rep_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "sales_attributions" ADD CONSTRAINT "sales_attributions_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The invoice register summed per day and every dimension the sales reports group or filter by.
-- Credit notes count negative. `documents` counts each document once, on its first line's row;
-- `product_documents` once per product in it, `group_documents` once per product group in it, so
-- a report counts documents right whatever it groups by.
CREATE TABLE "sales_summaries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"client_type" text NOT NULL,
	"branch_id" integer,
	"rep_user_id" integer,
	"product_id" integer,
	"product_group_id" integer,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"product_documents" integer DEFAULT 0 NOT NULL,
	"group_documents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_summaries" ADD CONSTRAINT "sales_summaries_key" UNIQUE NULLS NOT DISTINCT("day","client_id","product_id","product_group_id","client_type","branch_id","rep_user_id");--> statement-breakpoint
CREATE INDEX "sales_summaries_client_day" ON "sales_summaries" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "sales_summaries_rep_day" ON "sales_summaries" USING btree ("rep_user_id","day");--> statement-breakpoint
CREATE INDEX "sales_summaries_product_day" ON "sales_summaries" USING btree ("product_id","day");--> statement-breakpoint
-- A product belongs to any number of groups (they carry price rules); its sales count for one of
-- them, the oldest, so the groups' rows add up to the whole.
CREATE OR REPLACE FUNCTION portal_product_report_group(product integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT min(group_id) FROM group_products WHERE product_id = product
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_sales_attribute(document_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_attributions ("document_id", "client_type", "branch_id", "rep_user_id")
  SELECT d.id, coalesce(ia.client_type, c.type),
    CASE WHEN ia.document_id IS NOT NULL THEN ia.branch_id ELSE coalesce(o.branch_id, c.branch_id) END,
    CASE WHEN ia.document_id IS NOT NULL THEN ia.rep_user_id ELSE coalesce(
      (SELECT r.rep_user_id FROM rep_clients r WHERE r.client_id = d.client_id AND r.rep_user_id = o.created_by),
      (SELECT min(r.rep_user_id) FROM rep_clients r WHERE r.client_id = d.client_id)) END
  FROM billing_documents d
  JOIN clients c ON c.id = d.client_id
  LEFT JOIN sales_attributions ia ON ia.document_id = d.invoice_id
  LEFT JOIN orders o ON o.id = d.order_id
  WHERE d.id = ANY(document_ids)
  ON CONFLICT ("document_id") DO NOTHING
$$;--> statement-breakpoint
-- Each register line with its dimensions and sign, and whether it is the first line of its
-- document, of its product in the document, of its product group in the document.
CREATE VIEW "sales_register_lines" AS
SELECT l.id AS line_id, l.document_id, d.issue_date AS day, d.client_id, a.client_type, a.branch_id, a.rep_user_id,
  l.product_id, portal_product_report_group(l.product_id) AS product_group_id,
  CASE WHEN d.type = 'credit_note' THEN -1 ELSE 1 END AS sign,
  l.quantity, l.total_excl_vat AS net, l.vat, l.total,
  NOT EXISTS (SELECT 1 FROM billing_document_lines e WHERE e.document_id = l.document_id AND e.id < l.id) AS first_of_document,
  NOT EXISTS (SELECT 1 FROM billing_document_lines e WHERE e.document_id = l.document_id AND e.id < l.id AND e.product_id IS NOT DISTINCT FROM l.product_id) AS first_of_product,
  NOT EXISTS (SELECT 1 FROM billing_document_lines e WHERE e.document_id = l.document_id AND e.id < l.id
    AND portal_product_report_group(e.product_id) IS NOT DISTINCT FROM portal_product_report_group(l.product_id)) AS first_of_group
FROM billing_document_lines l
JOIN billing_documents d ON d.id = l.document_id
JOIN sales_attributions a ON a.document_id = d.id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_sales_summarise(line_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_summaries ("day", "client_id", "client_type", "branch_id", "rep_user_id", "product_id", "product_group_id",
    "quantity", "net", "vat", "total", "documents", "product_documents", "group_documents")
  SELECT day, client_id, client_type, branch_id, rep_user_id, product_id, product_group_id,
    sum(sign * quantity), sum(sign * net), sum(sign * vat), sum(sign * total),
    count(*) FILTER (WHERE first_of_document), count(*) FILTER (WHERE first_of_product), count(*) FILTER (WHERE first_of_group)
  FROM sales_register_lines WHERE line_id = ANY(line_ids)
  GROUP BY day, client_id, client_type, branch_id, rep_user_id, product_id, product_group_id
  ON CONFLICT ("day", "client_id", "product_id", "product_group_id", "client_type", "branch_id", "rep_user_id") DO UPDATE SET
    "quantity" = sales_summaries."quantity" + excluded."quantity", "net" = sales_summaries."net" + excluded."net",
    "vat" = sales_summaries."vat" + excluded."vat", "total" = sales_summaries."total" + excluded."total",
    "documents" = sales_summaries."documents" + excluded."documents",
    "product_documents" = sales_summaries."product_documents" + excluded."product_documents",
    "group_documents" = sales_summaries."group_documents" + excluded."group_documents"
$$;--> statement-breakpoint
-- Issued documents are only ever inserted (an update or delete is refused, migration 0010), so
-- insert triggers keep the summaries in the issuing transaction: a report never lags the register.
CREATE OR REPLACE FUNCTION portal_sales_attribute_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_sales_attribute(ARRAY(SELECT id FROM new_documents));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_sales_summarise_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_sales_summarise(ARRAY(SELECT id FROM new_lines));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER billing_documents_sales_attribution AFTER INSERT ON "billing_documents" REFERENCING NEW TABLE AS new_documents FOR EACH STATEMENT EXECUTE FUNCTION portal_sales_attribute_new();--> statement-breakpoint
CREATE TRIGGER billing_document_lines_sales_summary AFTER INSERT ON "billing_document_lines" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION portal_sales_summarise_new();--> statement-breakpoint
-- The documents issued before: invoices (and notes without one) first, then the notes that take
-- their invoice's attribution; then every line.
SELECT portal_sales_attribute(ARRAY(SELECT id FROM billing_documents WHERE invoice_id IS NULL));--> statement-breakpoint
SELECT portal_sales_attribute(ARRAY(SELECT id FROM billing_documents WHERE invoice_id IS NOT NULL));--> statement-breakpoint
SELECT portal_sales_summarise(ARRAY(SELECT id FROM billing_document_lines));
