import { downloadCSV, type Exporter } from 'react-admin';
import { csvOf } from '../shared/csv';
import type { StockLevel } from './types';

const levelColumns = ['branch_name', 'sku', 'product_name', 'on_hand', 'reserved', 'available', 'low_mark', 'backordered', 'in_production'] as const;
export const levelsCsv = (rows: StockLevel[]) => csvOf(levelColumns, rows);
export const levelExporter: Exporter<StockLevel> = (rows) => downloadCSV(levelsCsv(rows), 'stock');
