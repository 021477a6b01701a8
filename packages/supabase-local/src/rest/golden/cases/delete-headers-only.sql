-- DELETE /rest/v1/tags?name=in.(a,b)
-- Prefer: return=headers-only, count=exact

WITH pgrst_source AS (DELETE FROM "public"."tags" AS "tags"
  WHERE  "tags"."name" = ANY ($1) 
  RETURNING "tags".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "{\"a\",\"b\"}"
