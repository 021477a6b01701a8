-- GET /rest/v1/comments?select=body,post:posts(title,author:authors!author_id(name,profiles(website)),tags(name))

WITH pgrst_source AS (
  SELECT "public"."comments"."body", row_to_json("comments_post_1".*)::jsonb AS "post"
  FROM "public"."comments"
  LEFT JOIN LATERAL (
    SELECT "posts_1"."title", row_to_json("posts_author_2".*)::jsonb AS "author", COALESCE( "posts_tags_2"."posts_tags_2", '[]') AS "tags"
    FROM "public"."posts" AS "posts_1"
    LEFT JOIN LATERAL (
      SELECT "authors_2"."name", row_to_json("authors_profiles_3".*)::jsonb AS "profiles"
      FROM "public"."authors" AS "authors_2"
      LEFT JOIN LATERAL (
        SELECT "profiles_3"."website"
        FROM "public"."profiles" AS "profiles_3"
        WHERE "profiles_3"."author_id" = "authors_2"."id"
        LIMIT $1
        OFFSET $2 ) AS "authors_profiles_3" ON TRUE
      WHERE "authors_2"."id" = "posts_1"."author_id"
      LIMIT $3
      OFFSET $4 ) AS "posts_author_2" ON TRUE
    LEFT JOIN LATERAL (
      SELECT json_agg("posts_tags_2")::jsonb AS "posts_tags_2"
      FROM (SELECT "public"."tags"."name"
        FROM "public"."tags", "public"."post_tags"
        WHERE "public"."post_tags"."tag_id" = "public"."tags"."id" AND "public"."post_tags"."post_id" = "posts_1"."id"
        LIMIT $5
        OFFSET $6 ) AS "posts_tags_2" ) AS "posts_tags_2" ON TRUE
    WHERE "posts_1"."id" = "public"."comments"."post_id"
    LIMIT $7
    OFFSET $8 ) AS "comments_post_1" ON TRUE
  LIMIT $9
  OFFSET $10 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
-- $3 = "1000"
-- $4 = "0"
-- $5 = "1000"
-- $6 = "0"
-- $7 = "1000"
-- $8 = "0"
-- $9 = "1000"
-- $10 = "0"
