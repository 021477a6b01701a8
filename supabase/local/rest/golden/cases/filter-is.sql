-- GET /rest/v1/posts?select=id&editor_id=is.null&body=is.not_null&published=is.TRUE&published=not.is.false&published=is.unknown

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."editor_id" IS NULL AND "posts"."body" IS NOT NULL AND "posts"."published" IS TRUE AND NOT ("posts"."published" IS FALSE) AND "posts"."published" IS UNKNOWN
  LIMIT 1000) AS _postgrest_t
