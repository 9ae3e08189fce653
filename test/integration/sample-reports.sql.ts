import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';

/**
 * What each sample report (server/store/seed-content.ts) must show, as SQL written by hand over an
 * independent copy of the sample data. Model semantics (server/model/sales.yml): count = count(*),
 * total_amount ("Revenue") = sum(amount), average_amount = avg(amount), customer_count = count(DISTINCT
 * customer_id), completed_percentage = completed / all (a ratio); the `sales` view's members are the same columns.
 *
 * Column names are the labels the grid must show. A column named `<name> @text` is the text Excel must
 * display for the column `<name>` (its value through the cell's number format), not a column of its own.
 * The seeded app config shows applied filters: a report with filters or a date range gets a summary line and
 * a blank row above its table; titles stay the model's, a time dimension's with its granularity's word
 * ("Created at · Month", src/layout/time-header.ts), never marked as filtered.
 *
 * Time labels: the layout writes a time bucket as the Excel date serial of the bucket's start (days since
 * 1899-12-30, src/core/cell-values.ts `excelSerial`), shown with the granularity's date format
 * (src/core/excel-time-formats.ts: year `yyyy`, month `mmm yyyy`, week `"Week of "yyyy-mm-dd`, day `yyyy-mm-dd`),
 * except a quarter, which Excel has no format code for: it is the text "Q1 2025". Buckets are in UTC: the seeded
 * app config's time zone, which the test asserts; weeks start on Monday, as Cube's and DuckDB's do.
 *
 * Order: as the query's `order` says, else Cube's documented default (the first time dimension with a
 * granularity ascending, else the first measure descending). Pivot rows are compared as a set where that leaves their order open
 * (`rowsOrdered: false`: rows come in first-seen order of a result ordered by time).
 */

export type Sql = (text: string) => Promise<Record<string, unknown>[]>;

export interface Reference {
  sql: Sql;
  close(): void;
}

/** The same deterministic sample data, in a database of the test's own. */
export async function openReference(): Promise<Reference> {
  const db = await Database.open(':memory:');
  await db.transaction((tx) => createSampleData(tx));
  return { sql: (text) => db.read((tx) => tx.all(text)), close: () => db.close() };
}

export const TEXT = ' @text';

/** The Excel serial of a bucket's start, its text as the granularity's date format shows it, and a quarter's label. */
const serial = (unit: string) => `datediff('day', DATE '1899-12-30', date_trunc('${unit}', created_at)::DATE)`;
const shown = (unit: string, pattern: string) => `strftime(date_trunc('${unit}', created_at), '${pattern}')`;
const quarterLabel = `'Q' || quarter(created_at) || ' ' || year(created_at)`;
/** Cube's dateRange ['a', 'b'] covers a's first instant to b's last (inclusive days), in UTC here. */
const between = (from: string, to: string) => `created_at >= TIMESTAMP '${from}' AND created_at < TIMESTAMP '${to}' + INTERVAL 1 DAY`;
/** `$#,##0.0,"K"`: the scaling comma shows the value divided by 1000, one decimal, grouped, with the dollar. */
const thousands = (value: string) => `'$' || format('{:,.1f}', (${value})::DOUBLE / 1000) || 'K'`;

/** A flat table: the header row is the SQL's column names, then one row per SQL row (first column the label). */
export interface FlatSpec {
  kind: 'flat';
  sql: string;
  /** The applied-filter summary above the table (the seeded app config shows it). */
  filters?: string;
}

/**
 * A pivot: `corner` is the first cell of the header row holding the column labels; `measureRow` the header
 * row under it ([rows' title, measure title over every column]) when there is one. SQL columns: `row`,
 * `col`, `value` (+ `@text` ones); totals: `col, value` (Total row), `row, value` (Total column), `value`.
 */
export interface PivotSpec {
  kind: 'pivot';
  corner: string;
  measureRow?: [string, string];
  filters?: string;
  rowsOrdered: boolean;
  cells: string;
  columnTotals?: string;
  rowTotals?: string;
  grandTotal?: string;
}

const Y2025 = between('2025-01-01', '2025-12-31');

export const EXPECTED: Record<string, FlatSpec | PivotSpec> = {
  OrdersStatus: {
    kind: 'flat',
    sql: `SELECT status AS "Status", count(*) AS "Count", sum(amount) AS "Revenue" FROM orders GROUP BY status ORDER BY count(*) DESC`,
  },
  MonthlyRevnu: {
    kind: 'flat', filters: 'Filters: Created at between 2023-01-01 and 2025-12-31',
    sql: `SELECT ${serial('month')} AS "Created at · Month", ${shown('month', '%b %Y')} AS "Created at · Month${TEXT}",
      sum(amount) AS "Revenue", count(*) AS "Count"
      FROM orders WHERE ${between('2023-01-01', '2025-12-31')} GROUP BY ALL ORDER BY 1`,
  },
  RevRegionQtr: {
    kind: 'pivot', corner: 'Created at · Quarter', measureRow: ['Region', 'Revenue'], rowsOrdered: false,
    filters: 'Filters: Created at between 2025-01-01 and 2025-12-31',
    cells: `SELECT region AS row, ${quarterLabel} AS col, sum(amount) AS value
      FROM orders WHERE ${Y2025} GROUP BY ALL ORDER BY col, row`,
    columnTotals: `SELECT ${quarterLabel} AS col, sum(amount) AS value FROM orders WHERE ${Y2025} GROUP BY 1`,
    rowTotals: `SELECT region AS row, sum(amount) AS value FROM orders WHERE ${Y2025} GROUP BY 1`,
    grandTotal: `SELECT sum(amount) AS value FROM orders WHERE ${Y2025}`,
  },
  CategoryKpis: {
    // Measures on rows (in the pivot's order, before the columns), categories across by count descending.
    kind: 'pivot', corner: 'Measure', rowsOrdered: true,
    cells: `WITH k AS (SELECT category, count(*) AS n, sum(amount) AS s, avg(amount) AS a, count(DISTINCT customer_id) AS c FROM orders GROUP BY 1)
      SELECT row, col, value FROM (
        SELECT 1 AS m, n, 'Count' AS row, category AS col, n::DOUBLE AS value FROM k
        UNION ALL SELECT 2, n, 'Revenue', category, s::DOUBLE FROM k
        UNION ALL SELECT 3, n, 'Average order value', category, a FROM k
        UNION ALL SELECT 4, n, 'Customers', category, c::DOUBLE FROM k
      ) ORDER BY m, n DESC`,
  },
  EuElecComplt: {
    kind: 'flat', filters: 'Filters: Status is completed; Category is Electronics; Region is Europe',
    sql: `SELECT customer_segment AS "Customer segment", count(*) AS "Count", sum(amount) AS "Revenue" FROM orders
      WHERE status = 'completed' AND category = 'Electronics' AND region = 'Europe' GROUP BY 1 ORDER BY 2 DESC`,
  },
  OrderValComp: {
    // Completion rate is a ratio (0.6 is 60 %) shown through a percent format (`0.00%`).
    kind: 'flat',
    sql: `SELECT customer_segment AS "Customer segment", avg(amount) AS "Average order value",
      count(*) FILTER (WHERE status = 'completed') / count(*) AS "Completion rate",
      format('{:.2f}%', 100.0 * count(*) FILTER (WHERE status = 'completed') / count(*)) AS "Completion rate${TEXT}"
      FROM orders GROUP BY 1 ORDER BY 2 DESC`,
  },
  RevThousYear: {
    // Display scale `thousands` is a number format (excel-formats.ts `numberFormat`: "the cell keeps the exact
    // value"): cells hold the full sums and show them in thousands.
    kind: 'pivot', corner: 'Created at · Year', measureRow: ['Category', 'Revenue'], rowsOrdered: false,
    cells: `SELECT category AS row, ${serial('year')} AS col, ${shown('year', '%Y')} AS "col${TEXT}",
      sum(amount) AS value, ${thousands('sum(amount)')} AS "value${TEXT}" FROM orders GROUP BY ALL ORDER BY col, row`,
    columnTotals: `SELECT ${serial('year')} AS col, sum(amount) AS value, ${thousands('sum(amount)')} AS "value${TEXT}" FROM orders GROUP BY 1`,
  },
  TopCustomers: {
    kind: 'flat',
    sql: `SELECT customer_segment AS "Customer segment", sum(amount) AS "Revenue", count(*) AS "Count" FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
  },
  BoardPackKpi: {
    kind: 'flat',
    sql: `SELECT region AS "Region", sum(amount) AS "Revenue", count(*) AS "Count" FROM orders GROUP BY 1 ORDER BY 2 DESC`,
  },
  WeeklyOrders: {
    // 53 weeks touch 2025; the first starts on Monday 2024-12-30 and counts only 2025's days of it.
    kind: 'flat', filters: 'Filters: Created at between 2025-01-01 and 2025-12-31',
    sql: `SELECT ${serial('week')} AS "Created at · Week", ${shown('week', 'Week of %Y-%m-%d')} AS "Created at · Week${TEXT}",
      count(*) AS "Count" FROM orders WHERE ${Y2025} GROUP BY ALL ORDER BY 1`,
  },
};
