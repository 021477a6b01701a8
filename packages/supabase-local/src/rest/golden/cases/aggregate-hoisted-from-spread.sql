-- GET /rest/v1/comments?select=post_id,...posts(views.sum())
-- settings: {"aggregatesEnabled":true}

WITH pgrst_source AS (
  SELECT "public"."comments"."post_id", SUM("comments_posts_1"."sum") AS "sum"
  FROM "public"."comments"
  LEFT JOIN LATERAL (
    SELECT "posts_1"."views" AS "sum"
    FROM "public"."posts" AS "posts_1"
    WHERE "posts_1"."id" = "public"."comments"."post_id"
    LIMIT $1
    OFFSET $2 ) AS "comments_posts_1" ON TRUE GROUP BY "public"."comments"."post_id"
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
