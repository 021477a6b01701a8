-- GET /rest/v1/posts?select=id,authors!author_id!inner(),comments()&authors.name=eq.Ada&comments=not.is.null

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  INNER JOIN LATERAL (
    SELECT "authors_1".*
    FROM "public"."authors" AS "authors_1"
    WHERE  "authors_1"."name" = $1 AND "authors_1"."id" = "public"."posts"."author_id"
    LIMIT $2
    OFFSET $3 ) AS "posts_authors_1" ON TRUE
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1".*
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "public"."posts"."id"
      LIMIT $4
      OFFSET $5 ) AS "posts_comments_1" ) AS "posts_comments_1" ON TRUE
  WHERE "posts_comments_1" IS DISTINCT FROM NULL
  LIMIT $6
  OFFSET $7 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "Ada"
-- $2 = "1000"
-- $3 = "0"
-- $4 = "1000"
-- $5 = "0"
-- $6 = "1000"
-- $7 = "0"
