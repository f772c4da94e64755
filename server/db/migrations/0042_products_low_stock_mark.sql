-- A product's own low-stock mark: below it, available stock is "low" for members and stock.low is
-- told. Null keeps the company's default (LOW_STOCK_MARK in shared/stock/availability.ts): a slow
-- seller needs a smaller mark than a product sold by the case.
ALTER TABLE "products" ADD COLUMN "low_stock_mark" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_mark_range" CHECK ("low_stock_mark" IS NULL OR "low_stock_mark" BETWEEN 0 AND 1000000);
