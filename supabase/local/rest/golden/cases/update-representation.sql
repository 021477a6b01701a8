-- PATCH /rest/v1/posts?select=id,title,comments(body)&or=(views.lt.1,editor_id.is.null)&meta->>status=eq.draft&order=id.desc
-- Prefer: return=representation
-- body: {"views":0,"meta":{"status":"published"}}

WITH pgrst_source AS (UPDATE "public"."posts" AS "posts"
  SET "views" = _r."views", "meta" = _r."meta"
  FROM jsonb_populate_record(null::"public"."posts", $4::jsonb) AS _r
  WHERE ("posts"."views" < $1 OR "posts"."editor_id" IS NULL) AND "posts"."meta"->>$2::text = $3
  RETURNING "posts".*)
SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", "posts"."title" AS "title", coalesce("pgrst_1".body, '[]') AS "comments"
  FROM pgrst_source AS "posts"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."body" AS "body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id") AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  ORDER BY "posts"."id" DESC) AS _postgrest_t

-- $1 = "1"
-- $2 = "status"
-- $3 = "draft"
-- $4 = "{\"views\":0,\"meta\":{\"status\":\"published\"}}"
