-- POST /rest/v1/posts?columns=author_id,title,"views"
-- body: [{"author_id":1,"title":"A","extra":"ignored"},{"author_id":2,"title":"B","views":3}]

WITH pgrst_source AS (INSERT INTO "public"."posts" AS "posts" ("author_id", "title", "views")
  SELECT _r."author_id", _r."title", _r."views"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."posts", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "posts".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{\"author_id\":1,\"title\":\"A\",\"extra\":\"ignored\"},{\"author_id\":2,\"title\":\"B\",\"views\":3}]"
