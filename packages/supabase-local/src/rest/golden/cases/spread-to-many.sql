-- GET /rest/v1/authors?select=name,...posts!author_id(title,views)&posts.order=views.desc

WITH pgrst_source AS (
  SELECT "public"."authors"."name", "authors_posts_1"."title", "authors_posts_1"."views"
  FROM "public"."authors"
  LEFT JOIN LATERAL (
    SELECT json_agg("authors_posts_1")::jsonb AS "authors_posts_1", COALESCE(json_agg("authors_posts_1"."title"
        ORDER BY "authors_posts_1"."authors_posts_1_views_1" DESC),'[]')::jsonb AS "title", COALESCE(json_agg("authors_posts_1"."views"
        ORDER BY "authors_posts_1"."authors_posts_1_views_1" DESC),'[]')::jsonb AS "views"
    FROM (SELECT "posts_1"."title", "posts_1"."views", "posts_1"."views" AS "authors_posts_1_views_1"
      FROM "public"."posts" AS "posts_1"
      WHERE "posts_1"."author_id" = "public"."authors"."id"
      LIMIT $1
      OFFSET $2 ) AS "authors_posts_1" ) AS "authors_posts_1" ON TRUE
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
