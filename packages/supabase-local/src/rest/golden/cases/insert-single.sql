-- POST /rest/v1/authors
-- body: {"name":"Ada","email":"ada@example.com"}

WITH pgrst_source AS (INSERT INTO "public"."authors" AS "authors" ("email", "name")
  SELECT _r."email", _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."authors", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "authors".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{\"name\":\"Ada\",\"email\":\"ada@example.com\"}]"
