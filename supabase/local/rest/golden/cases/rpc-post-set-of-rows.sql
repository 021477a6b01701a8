-- POST /rest/v1/rpc/posts_by_author?select=id,editor:authors!editor_id(name)&title=like.*a*
-- body: {"author":1}

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts_by_author"."id" AS "id", row_to_json("pgrst_1".*) AS "editor"
  FROM json_to_record($1::json) AS _args("author" integer), LATERAL "public"."posts_by_author"("author" => _args."author") AS "posts_by_author"
  LEFT JOIN LATERAL (SELECT "authors_1"."name" AS "name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "posts_by_author"."editor_id") AS "pgrst_1" ON TRUE
  WHERE "posts_by_author"."title" LIKE $2
  LIMIT 1000) AS _postgrest_t

-- $1 = "{\"author\":1}"
-- $2 = "%a%"
