-- GET /rest/v1/posts?select=id,comments(body)&comments.not.or=(body.eq.a,body.eq.b)&comments.not.and=(id.gt.1,id.lt.9)

WITH pgrst_source AS (
  SELECT "public"."posts"."id", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "public"."posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."body"
      FROM "public"."comments" AS "comments_1"
      WHERE NOT ( "comments_1"."body" = $1 OR  "comments_1"."body" = $2) AND NOT ( "comments_1"."id" > $3 AND  "comments_1"."id" < $4) AND "comments_1"."post_id" = "public"."posts"."id"
      LIMIT $5
      OFFSET $6 ) AS "posts_comments_1" ) AS "posts_comments_1" ON TRUE
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "a"
-- $2 = "b"
-- $3 = "1"
-- $4 = "9"
-- $5 = "1000"
-- $6 = "0"
-- $7 = "1000"
-- $8 = "0"
