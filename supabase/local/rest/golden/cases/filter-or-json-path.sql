-- GET /rest/v1/posts?select=id&or=(meta->>status.eq.draft,meta->>status.is.null)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE ("posts"."meta"->>$1::text = $2 OR "posts"."meta"->>$3::text IS NULL)
  LIMIT 1000) AS _postgrest_t

-- $1 = "status"
-- $2 = "draft"
-- $3 = "status"
