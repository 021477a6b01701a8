-- GET /rest/v1/posts?select=id,comments(id,body)&comments.body=like.*pg*&comments.order=created_at.desc.nullslast,id&comments.limit=3&comments.offset=1

WITH pgrst_source AS (
  SELECT "public"."posts"."id", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "public"."posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."id", "comments_1"."body"
      FROM "public"."comments" AS "comments_1"
      WHERE  "comments_1"."body" like $1 AND "comments_1"."post_id" = "public"."posts"."id"
      ORDER BY "comments_1"."created_at" DESC NULLS LAST, "comments_1"."id"
      LIMIT $2
      OFFSET $3 ) AS "posts_comments_1" ) AS "posts_comments_1" ON TRUE
  LIMIT $4
  OFFSET $5 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "%pg%"
-- $2 = "3"
-- $3 = "1"
-- $4 = "1000"
-- $5 = "0"
