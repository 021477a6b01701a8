-- GET /rest/v1/rpc/post_titles?post_titles=like.A*&order=post_titles.desc&limit=3
-- Prefer: count=exact

WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
  FROM (SELECT "public"."post_titles"() pgrst_scalar) pgrst_call), pgrst_source_count AS (SELECT 1
  FROM "pgrst_source" AS "post_titles"
  WHERE  "post_titles"."post_titles" like $1)
SELECT (SELECT pg_catalog.count(*)
  FROM pgrst_source_count) AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "post_titles".*
  FROM "pgrst_source" AS "post_titles"
  WHERE  "post_titles"."post_titles" like $2
  ORDER BY "post_titles"."post_titles" DESC
  LIMIT $3
  OFFSET $4) _postgrest_t

-- $1 = "A%"
-- $2 = "A%"
-- $3 = "3"
-- $4 = "0"

-- PostgreSQL refuses it: 42703: column post_titles.post_titles does not exist
