import type { StateConnection } from './database';

export const SAMPLE_ORDER_COUNT = 120_000;
export const SAMPLE_START = '2023-01-01 00:00:00';
/** Three whole years of orders: 2023-01-01 up to, not including, 2026-01-01. */
export const SAMPLE_SPAN_SECONDS = 1095 * 86_400;

/**
 * The sample dataset, made by SQL alone so it is the same on every machine: each column draws from an
 * integer hash of the row number (`mix`), not from a random generator.
 */
export async function createSampleData(tx: StateConnection): Promise<void> {
  // A 32-bit integer hash (multiply / xor-shift rounds, as in MurmurHash's finalizer) mapped to [0, 1).
  // Multipliers stay below 2^30 so every product fits in BIGINT.
  await tx.run(`CREATE OR REPLACE TEMP MACRO xorshift(x, d) AS xor(x, x // d)`);
  await tx.run(`CREATE OR REPLACE TEMP MACRO mulmod(x, m) AS (x * m) % 4294967296`);
  await tx.run(`CREATE OR REPLACE TEMP MACRO mix(i, k) AS
    xorshift(mulmod(xorshift(mulmod(xorshift((i::BIGINT * 2654435761 + k::BIGINT * 2654435769) % 4294967296, 65536),
      739982445), 8192), 695872825), 65536) / 4294967296.0`);
  await tx.run(`CREATE TABLE orders AS
    WITH base AS (
      SELECT i,
        mix(i, 1) AS r_time, mix(i, 2) AS r_status, mix(i, 3) AS r_category, mix(i, 4) AS r_region,
        mix(i, 5) AS r_segment, mix(i, 6) AS r_customer, mix(i, 7) AS r_quantity, mix(i, 8) AS r_amount,
        mix(i, 9) AS r_returning
      FROM range(1, ${SAMPLE_ORDER_COUNT + 1}) t(i)
    )
    SELECT
      i::INTEGER AS id,
      TIMESTAMP '${SAMPLE_START}' + to_seconds(floor(r_time * ${SAMPLE_SPAN_SECONDS})::BIGINT) AS created_at,
      CASE WHEN r_status < 0.60 THEN 'completed' WHEN r_status < 0.75 THEN 'shipped'
           WHEN r_status < 0.85 THEN 'processing' WHEN r_status < 0.95 THEN 'cancelled' ELSE 'returned' END AS status,
      CASE WHEN r_category < 0.28 THEN 'Electronics' WHEN r_category < 0.48 THEN 'Furniture'
           WHEN r_category < 0.70 THEN 'Office Supplies' WHEN r_category < 0.88 THEN 'Apparel' ELSE 'Books' END AS category,
      CASE WHEN r_region < 0.35 THEN 'North America' WHEN r_region < 0.65 THEN 'Europe'
           WHEN r_region < 0.88 THEN 'Asia Pacific' ELSE 'Latin America' END AS region,
      CASE WHEN r_segment < 0.5 THEN 'Consumer' WHEN r_segment < 0.8 THEN 'Corporate' ELSE 'Small Business' END
        AS customer_segment,
      (1 + floor(r_customer * 8000))::INTEGER AS customer_id,
      'Customer ' || lpad((1 + floor(r_customer * 8000))::INTEGER::VARCHAR, 4, '0') AS customer_name,
      (1 + floor(r_quantity * 5))::INTEGER AS quantity,
      round((8 + r_amount * r_amount * 1200) * (1 + r_time * 0.3), 2)::DECIMAL(12, 2) AS amount,
      r_returning < 0.4 AS is_returning_customer
    FROM base`);
}

/** An order added to the sample data by a test: the data changing upstream, as a warehouse's does between refreshes. */
export interface AddedOrder {
  createdAt: string;
  region: string;
  category: string;
  amount: number;
  status?: string;
}

/** Adds orders (ids after the sample's); the data API answers from them at once, as it keeps no results. */
export async function addSampleOrders(tx: StateConnection, orders: readonly AddedOrder[]): Promise<void> {
  for (const order of orders) {
    await tx.run(
      `INSERT INTO orders (id, created_at, status, category, region, customer_segment, customer_id, customer_name, quantity, amount, is_returning_customer)
       VALUES ((SELECT max(id) + 1 FROM orders), ?::TIMESTAMP, ?, ?, ?, 'Consumer', 1, 'Customer 0001', 1, ?::DECIMAL(12, 2), false)`,
      [order.createdAt, order.status ?? 'completed', order.category, order.region, order.amount],
    );
  }
}
