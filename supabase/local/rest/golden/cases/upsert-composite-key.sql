-- POST /rest/v1/post_tags
-- Prefer: resolution=merge-duplicates
-- body: [{"post_id":1,"tag_id":2}]

WITH pgrst_source AS (INSERT INTO "public"."post_tags" AS "post_tags" ("post_id", "tag_id")
  SELECT _r."post_id", _r."tag_id"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."post_tags", _j.j) AS _r
  ORDER BY _j.ord
  ON CONFLICT ("post_id", "tag_id")
  DO UPDATE SET "post_id" = EXCLUDED."post_id", "tag_id" = EXCLUDED."tag_id"
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "[{\"post_id\":1,\"tag_id\":2}]"
