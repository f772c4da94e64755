-- The production plan lists the items something waits for (backorders) or is being made of: this
-- index finds them without reading every product of every branch, whatever the catalogue's size.
CREATE INDEX "stock_levels_planned" ON "stock_levels" USING btree ("branch_id","product_id") WHERE "backordered" > 0 OR "in_production" > 0;
