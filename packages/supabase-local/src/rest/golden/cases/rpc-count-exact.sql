-- GET /rest/v1/rpc/posts_by_author?author=1&select=id,comments!inner(id)
-- Prefer: count=exact

WITH pgrst_source AS (SELECT "pgrst_call"."id"
  FROM "public"."posts_by_author"("author" := $1::integer) pgrst_call), pgrst_source_count AS (SELECT 1
  FROM "pgrst_source" AS "posts"
  WHERE EXISTS (SELECT 1
    FROM "public"."comments" AS "comments_1"
    WHERE "comments_1"."post_id" = "posts"."id" ))
SELECT (SELECT pg_catalog.count(*)
  FROM pgrst_source_count) AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "posts"."id", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "pgrst_source" AS "posts"
  INNER JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."id"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id"
      LIMIT $2
      OFFSET $3 ) AS "posts_comments_1" ) AS "posts_comments_1" ON "posts_comments_1" IS NOT NULL
  LIMIT $4
  OFFSET $5) _postgrest_t

-- $1 = "1"
-- $2 = "1000"
-- $3 = "0"
-- $4 = "1000"
-- $5 = "0"
