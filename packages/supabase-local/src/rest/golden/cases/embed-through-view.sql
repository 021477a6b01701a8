-- GET /rest/v1/posts_view?select=title,authors(name),writer:writer_id(email)

WITH pgrst_source AS (
  SELECT "public"."posts_view"."title", row_to_json("posts_view_authors_1".*)::jsonb AS "authors", row_to_json("posts_view_writer_1".*)::jsonb AS "writer"
  FROM "public"."posts_view"
  LEFT JOIN LATERAL (
    SELECT "authors_1"."name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "public"."posts_view"."writer_id"
    LIMIT $1
    OFFSET $2 ) AS "posts_view_authors_1" ON TRUE
  LEFT JOIN LATERAL (
    SELECT "authors_1"."email"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "public"."posts_view"."writer_id"
    LIMIT $3
    OFFSET $4 ) AS "posts_view_writer_1" ON TRUE
  LIMIT $5
  OFFSET $6 )
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
