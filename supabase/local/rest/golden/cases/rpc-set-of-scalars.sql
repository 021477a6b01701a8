-- GET /rest/v1/rpc/post_titles?post_titles=like.A*&order=post_titles.desc&limit=3
-- Prefer: count=exact

SELECT (SELECT count(*)
  FROM "public"."post_titles"() AS "post_titles"
  WHERE "post_titles"."post_titles" LIKE $1) AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t.v), '[]')::text AS body
FROM (SELECT "post_titles" AS v
  FROM "public"."post_titles"() AS "post_titles"
  WHERE "post_titles"."post_titles" LIKE $1
  ORDER BY "post_titles"."post_titles" DESC
  LIMIT 3) AS _postgrest_t

-- $1 = "A%"
