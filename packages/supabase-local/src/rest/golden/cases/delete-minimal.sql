-- DELETE /rest/v1/comments?post_id=eq.1&body=ilike.*spam*

WITH pgrst_source AS (DELETE FROM "public"."comments" AS "comments"
  WHERE  "comments"."post_id" = $1 AND  "comments"."body" ilike $2
  RETURNING "comments".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "1"
-- $2 = "%spam%"
