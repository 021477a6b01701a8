-- GET /rest/v1/posts?select=id,comments!inner(body)&comments.body=ilike.*great*

WITH pgrst_source AS (
  SELECT "public"."posts"."id", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "public"."posts"
  INNER JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."body"
      FROM "public"."comments" AS "comments_1"
      WHERE  "comments_1"."body" ilike $1 AND "comments_1"."post_id" = "public"."posts"."id"
      LIMIT $2
      OFFSET $3 ) AS "posts_comments_1" ) AS "posts_comments_1" ON "posts_comments_1" IS NOT NULL
  LIMIT $4
  OFFSET $5 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "%great%"
-- $2 = "1000"
-- $3 = "0"
-- $4 = "1000"
-- $5 = "0"
