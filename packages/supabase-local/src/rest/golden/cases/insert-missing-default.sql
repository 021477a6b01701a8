-- POST /rest/v1/posts?columns=id,author_id,title,views
-- Prefer: missing=default
-- body: [{"author_id":1,"title":"A"}]

WITH pgrst_source AS (INSERT INTO "public"."posts" AS "posts" ("id", "author_id", "title", "views")
  SELECT CASE WHEN _j.j ? $2::text THEN _r."id" ELSE nextval('posts_id_seq'::regclass) END, _r."author_id", _r."title", CASE WHEN _j.j ? $3::text THEN _r."views" ELSE 0 END
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."posts", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "posts".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{\"author_id\":1,\"title\":\"A\"}]"
-- $2 = "id"
-- $3 = "views"
