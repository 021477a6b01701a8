-- GET /rest/v1/posts?select=id,comments(id)&comments=not.is.null

WITH pgrst_source AS (
  SELECT "public"."posts"."id", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "public"."posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."id"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "public"."posts"."id"
      LIMIT $1
      OFFSET $2 ) AS "posts_comments_1" ) AS "posts_comments_1" ON TRUE
  WHERE "posts_comments_1" IS DISTINCT FROM NULL
  LIMIT $3
  OFFSET $4 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
-- $3 = "1000"
-- $4 = "0"
