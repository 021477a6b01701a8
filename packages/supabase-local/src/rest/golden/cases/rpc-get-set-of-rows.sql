-- GET /rest/v1/rpc/posts_by_author?author=1&select=id,title,comments(body)&views=gt.10&order=id.desc&limit=5&offset=5
-- Prefer: count=exact

WITH pgrst_source AS (SELECT "pgrst_call"."id", "pgrst_call"."title", "pgrst_call"."views"
  FROM "public"."posts_by_author"("author" := $1::integer) pgrst_call), pgrst_source_count AS (SELECT 1
  FROM "pgrst_source" AS "posts"
  WHERE  "posts"."views" > $2)
SELECT (SELECT pg_catalog.count(*)
  FROM pgrst_source_count) AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "posts"."id", "posts"."title", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "pgrst_source" AS "posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id"
      LIMIT $3
      OFFSET $4 ) AS "posts_comments_1" ) AS "posts_comments_1" ON TRUE
  WHERE  "posts"."views" > $5
  ORDER BY "posts"."id" DESC
  LIMIT $6
  OFFSET $7) _postgrest_t

-- $1 = "1"
-- $2 = "10"
-- $3 = "1000"
-- $4 = "0"
-- $5 = "10"
-- $6 = "5"
-- $7 = "5"
