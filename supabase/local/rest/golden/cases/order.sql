-- GET /rest/v1/posts?select=id&order=published.desc,views.asc.nullsfirst,title.nullslast,id

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  ORDER BY "posts"."published" DESC, "posts"."views" ASC NULLS FIRST, "posts"."title" ASC NULLS LAST, "posts"."id" ASC
  LIMIT 1000) AS _postgrest_t
