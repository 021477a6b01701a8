-- POST /rest/v1/posts?select=id,title,author:authors!author_id(name)
-- Prefer: return=representation
-- body: {"author_id":1,"title":"Hello","tags":["news"],"meta":{"status":"draft"}}

WITH pgrst_source AS (INSERT INTO "public"."posts" AS "posts" ("author_id", "title", "tags", "meta")
  SELECT _r."author_id", _r."title", _r."tags", _r."meta"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."posts", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "posts".*)
SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", "posts"."title" AS "title", row_to_json("pgrst_1".*) AS "author"
  FROM pgrst_source AS "posts"
  LEFT JOIN LATERAL (SELECT "authors_1"."name" AS "name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "posts"."author_id") AS "pgrst_1" ON TRUE) AS _postgrest_t

-- $1 = "[{\"author_id\":1,\"title\":\"Hello\",\"tags\":[\"news\"],\"meta\":{\"status\":\"draft\"}}]"
