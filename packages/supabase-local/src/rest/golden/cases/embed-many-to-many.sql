-- GET /rest/v1/posts?select=title,tags(name)

WITH pgrst_source AS (
  SELECT "public"."posts"."title", COALESCE( "posts_tags_1"."posts_tags_1", '[]') AS "tags"
  FROM "public"."posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_tags_1")::jsonb AS "posts_tags_1"
    FROM (SELECT "public"."tags"."name"
      FROM "public"."tags", "public"."post_tags"
      WHERE "public"."post_tags"."tag_id" = "public"."tags"."id" AND "public"."post_tags"."post_id" = "public"."posts"."id"
      LIMIT $1
      OFFSET $2 ) AS "posts_tags_1" ) AS "posts_tags_1" ON TRUE
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
