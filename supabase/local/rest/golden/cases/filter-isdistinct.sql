-- GET /rest/v1/posts?select=id&editor_id=isdistinct.3

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."editor_id" IS DISTINCT FROM $1
  LIMIT 1000) AS _postgrest_t

-- $1 = "3"
