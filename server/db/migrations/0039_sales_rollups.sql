-- The register summed per month for each grouping on its own (per day for the register as a
-- whole): a sales report of the whole business over a year reads a few thousand of these rows
-- instead of the daily summaries' row per day, client and product, which grow with the order
-- lines (about one per line at a million of them). Reports narrowed to some clients (a rep's, a
-- member's) or by a dimension still read sales_summaries through their indexes.
-- `bucket` is the month's first day, or the day for grouping 'day'; `key` is the grouping's value
-- as the report keys it ('none' where a document has no product, rep or branch). `documents` is
-- the count that is right for the grouping: per document, per product in it, per product group.
CREATE TABLE "sales_rollups" (
	"grouping" text NOT NULL,
	"bucket" date NOT NULL,
	"key" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_rollups_pkey" PRIMARY KEY("grouping","bucket","key")
);
--> statement-breakpoint
-- The issuing transaction's one pass over its new lines now feeds both: the daily summaries and,
-- from the same rows, each grouping's month (and the day's whole).
CREATE OR REPLACE FUNCTION portal_sales_summarise(line_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH lines AS MATERIALIZED (
    SELECT * FROM sales_register_lines WHERE line_id = ANY(line_ids)
  ), summaries AS (
    INSERT INTO sales_summaries ("day", "client_id", "client_type", "branch_id", "rep_user_id", "product_id", "product_group_id",
      "quantity", "net", "vat", "total", "documents", "product_documents", "group_documents")
    SELECT day, client_id, client_type, branch_id, rep_user_id, product_id, product_group_id,
      sum(sign * quantity), sum(sign * net), sum(sign * vat), sum(sign * total),
      count(*) FILTER (WHERE first_of_document), count(*) FILTER (WHERE first_of_product), count(*) FILTER (WHERE first_of_group)
    FROM lines
    GROUP BY day, client_id, client_type, branch_id, rep_user_id, product_id, product_group_id
    ON CONFLICT ("day", "client_id", "product_id", "product_group_id", "client_type", "branch_id", "rep_user_id") DO UPDATE SET
      "quantity" = sales_summaries."quantity" + excluded."quantity", "net" = sales_summaries."net" + excluded."net",
      "vat" = sales_summaries."vat" + excluded."vat", "total" = sales_summaries."total" + excluded."total",
      "documents" = sales_summaries."documents" + excluded."documents",
      "product_documents" = sales_summaries."product_documents" + excluded."product_documents",
      "group_documents" = sales_summaries."group_documents" + excluded."group_documents"
  )
  INSERT INTO sales_rollups ("grouping", "bucket", "key", "quantity", "net", "vat", "total", "documents")
  SELECT g.grouping, CASE WHEN g.grouping = 'day' THEN l.day ELSE date_trunc('month', l.day)::date END, g.key,
    sum(l.sign * l.quantity), sum(l.sign * l.net), sum(l.sign * l.vat), sum(l.sign * l.total), count(*) FILTER (WHERE g.first)
  FROM lines l
  CROSS JOIN LATERAL (VALUES
    ('day', '', l.first_of_document),
    ('product', coalesce(l.product_id::text, 'none'), l.first_of_product),
    ('product_group', coalesce(l.product_group_id::text, 'none'), l.first_of_group),
    ('client', l.client_id::text, l.first_of_document),
    ('client_type', l.client_type, l.first_of_document),
    ('rep', coalesce(l.rep_user_id::text, 'none'), l.first_of_document),
    ('branch', coalesce(l.branch_id::text, 'none'), l.first_of_document)
  ) AS g(grouping, key, first)
  GROUP BY 1, 2, 3
  ON CONFLICT ("grouping", "bucket", "key") DO UPDATE SET
    "quantity" = sales_rollups."quantity" + excluded."quantity", "net" = sales_rollups."net" + excluded."net",
    "vat" = sales_rollups."vat" + excluded."vat", "total" = sales_rollups."total" + excluded."total",
    "documents" = sales_rollups."documents" + excluded."documents"
$$;--> statement-breakpoint
-- What was issued before: both tables filled again from the register by the one function above,
-- so the groupings' keys and counts are written in one place.
TRUNCATE "sales_summaries";--> statement-breakpoint
SELECT portal_sales_summarise(ARRAY(SELECT id FROM billing_document_lines));
