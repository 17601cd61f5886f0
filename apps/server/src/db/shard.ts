import { sql } from 'drizzle-orm';
import { STATS_SHARDS } from './schema.ts';

/**
 * The shard of the tables kept up to date on write (schema.ts, STATS_SHARDS) that this database
 * connection writes to: each pooled connection keeps to its own shard, so concurrent submits to
 * one form (one per connection) rarely share a row lock.
 */
export const SHARD = sql.raw(`(pg_backend_pid() % ${STATS_SHARDS})::smallint`);
