-- POST /rest/v1/tags
-- body: {}

WITH pgrst_source AS (INSERT INTO "public"."tags" AS "tags"
  SELECT
  FROM jsonb_array_elements($1::jsonb)
  RETURNING "tags".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{}]"
