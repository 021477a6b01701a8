-- PATCH /rest/v1/posts?select=id,title,comments(body)&or=(views.lt.1,editor_id.is.null)&meta->>status=eq.draft&order=id.desc
-- Prefer: return=representation
-- body: {"views":0,"meta":{"status":"published"}}

WITH pgrst_source AS (UPDATE "public"."posts" AS "posts"
  SET "meta" = _r."meta", "views" = _r."views"
  FROM jsonb_populate_record(null::"public"."posts", $1::jsonb) AS _r
  WHERE  "posts"."meta"->>$2 = $3 AND  ( "posts"."views" < $4 OR  "posts"."editor_id" IS NULL)
  RETURNING "posts".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "posts"."id", "posts"."title", COALESCE( "posts_comments_1"."posts_comments_1", '[]') AS "comments"
  FROM "pgrst_source" AS "posts"
  LEFT JOIN LATERAL (
    SELECT json_agg("posts_comments_1")::jsonb AS "posts_comments_1"
    FROM (SELECT "comments_1"."body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id" ) AS "posts_comments_1" ) AS "posts_comments_1" ON TRUE
  ORDER BY "posts"."id" DESC) _postgrest_t

-- $1 = "{\"views\":0,\"meta\":{\"status\":\"published\"}}"
-- $2 = "status"
-- $3 = "draft"
-- $4 = "1"
