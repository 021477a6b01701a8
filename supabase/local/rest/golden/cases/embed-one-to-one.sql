-- GET /rest/v1/authors?select=name,profiles(website)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."name" AS "name", row_to_json("pgrst_1".*) AS "profiles"
  FROM "public"."authors" AS "authors"
  LEFT JOIN LATERAL (SELECT "profiles_1"."website" AS "website"
    FROM "public"."profiles" AS "profiles_1"
    WHERE "profiles_1"."author_id" = "authors"."id") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
