-- POST /rest/v1/comments
-- Prefer: return=representation
-- body: [{"post_id":1,"body":"first"},{"post_id":2,"body":"second"}]

WITH pgrst_source AS (INSERT INTO "public"."comments" AS "comments" ("post_id", "body")
  SELECT _r."post_id", _r."body"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."comments", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "comments".*)
SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "comments".*
  FROM pgrst_source AS "comments") AS _postgrest_t

-- $1 = "[{\"post_id\":1,\"body\":\"first\"},{\"post_id\":2,\"body\":\"second\"}]"
