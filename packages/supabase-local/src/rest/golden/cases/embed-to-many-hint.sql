-- GET /rest/v1/authors?select=name,posts!author_id(id,title)

WITH pgrst_source AS (
  SELECT "public"."authors"."name", COALESCE( "authors_posts_1"."authors_posts_1", '[]') AS "posts"
  FROM "public"."authors"
  LEFT JOIN LATERAL (
    SELECT json_agg("authors_posts_1")::jsonb AS "authors_posts_1"
    FROM (SELECT "posts_1"."id", "posts_1"."title"
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
