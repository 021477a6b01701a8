-- GET /rest/v1/profiles?select=website,authors(name)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "profiles"."website" AS "website", row_to_json("pgrst_1".*) AS "authors"
  FROM "public"."profiles" AS "profiles"
  LEFT JOIN LATERAL (SELECT "authors_1"."name" AS "name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "profiles"."author_id") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
