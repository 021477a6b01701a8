-- GET /rest/v1/posts?select=id,title
-- Accept: text/csv

WITH pgrst_source AS (
  SELECT "public"."posts"."id", "public"."posts"."title"
  FROM "public"."posts"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ((SELECT coalesce(string_agg(a.k, ','), '')
    FROM (SELECT json_object_keys(r)::text as k
      FROM (
        SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a) || E'\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\n'), ''))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
