-- GET /rest/v1/posts?select=id,views::text,created_at::date,label:title::varchar

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", CAST("posts"."views" AS text) AS "views", CAST("posts"."created_at" AS date) AS "created_at", CAST("posts"."title" AS varchar) AS "label"
  FROM "public"."posts" AS "posts"
  LIMIT 1000) AS _postgrest_t
