-- POST /rest/v1/posts?select=id,title,author:authors!author_id(name)
-- Prefer: return=representation
-- body: {"author_id":1,"title":"Hello","tags":["news"],"meta":{"status":"draft"}}

WITH pgrst_source AS (INSERT INTO "public"."posts" AS "posts" ("author_id", "meta", "tags", "title")
  SELECT _r."author_id", _r."meta", _r."tags", _r."title"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."posts", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "posts".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "posts"."id", "posts"."title", row_to_json("posts_author_1".*)::jsonb AS "author"
  FROM "pgrst_source" AS "posts"
  LEFT JOIN LATERAL (
    SELECT "authors_1"."name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "posts"."author_id" ) AS "posts_author_1" ON TRUE) _postgrest_t

-- $1 = "[{\"author_id\":1,\"title\":\"Hello\",\"tags\":[\"news\"],\"meta\":{\"status\":\"draft\"}}]"
