-- GET /rest/v1/authors?select=name,posts!author_id(title,comments(body))&posts.published=is.true&posts.comments.body=neq.spam

WITH pgrst_source AS (
  SELECT "public"."authors"."name", COALESCE( "authors_posts_1"."authors_posts_1", '[]') AS "posts"
  FROM "public"."authors"
  LEFT JOIN LATERAL (
    SELECT json_agg("authors_posts_1")::jsonb AS "authors_posts_1"
    FROM (SELECT "posts_1"."title", COALESCE( "posts_comments_2"."posts_comments_2", '[]') AS "comments"
      FROM "public"."posts" AS "posts_1"
      LEFT JOIN LATERAL (
        SELECT json_agg("posts_comments_2")::jsonb AS "posts_comments_2"
        FROM (SELECT "comments_2"."body"
          FROM "public"."comments" AS "comments_2"
          WHERE  "comments_2"."body" <> $1 AND "comments_2"."post_id" = "posts_1"."id"
          LIMIT $2
          OFFSET $3 ) AS "posts_comments_2" ) AS "posts_comments_2" ON TRUE
      WHERE  "posts_1"."published" IS TRUE AND "posts_1"."author_id" = "public"."authors"."id"
      LIMIT $4
      OFFSET $5 ) AS "authors_posts_1" ) AS "authors_posts_1" ON TRUE
  LIMIT $6
  OFFSET $7 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "spam"
-- $2 = "1000"
-- $3 = "0"
-- $4 = "1000"
-- $5 = "0"
-- $6 = "1000"
-- $7 = "0"
