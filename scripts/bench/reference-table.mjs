// @ts-check
// The table the reference server and the ingest ceiling write: the plainest place a submission
// could go (its answers as one jsonb), so both sides of a comparison store the same rows.
export const REFERENCE_TABLE_DDL = `create table if not exists bench_reference (
  id bigserial primary key,
  form_id integer not null,
  data jsonb not null,
  created_at timestamptz not null default now()
)`;
