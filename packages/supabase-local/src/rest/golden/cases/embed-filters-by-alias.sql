-- GET /rest/v1/posts?select=id,notes:comments(body)&notes.id=gt.10&notes.or=(body.eq.a,body.eq.b)

WITH pgrst_source AS (
  SELECT "public"."posts"."id", COALESCE( "posts_notes_1"."posts_notes_1", '[]') AS "notes"
  FROM "public"."posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_notes_1")::jsonb AS "posts_notes_1"
    FROM (SELECT "comments_1"."body"
      FROM "public"."comments" AS "comments_1"
      WHERE  ( "comments_1"."body" = $1 OR  "comments_1"."body" = $2) AND  "comments_1"."id" > $3 AND "comments_1"."post_id" = "public"."posts"."id"
      LIMIT $4
      OFFSET $5 ) AS "posts_notes_1" ) AS "posts_notes_1" ON TRUE
  LIMIT $6
  OFFSET $7 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "a"
-- $2 = "b"
-- $3 = "10"
-- $4 = "1000"
-- $5 = "0"
-- $6 = "1000"
-- $7 = "0"
