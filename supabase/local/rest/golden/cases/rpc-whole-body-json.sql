-- POST /rest/v1/rpc/echo
-- body: {"x":[1,2],"y":"z"}

SELECT null::bigint AS total, 1 AS page_total, to_json(pgrst_call)::text AS body
FROM "public"."echo"($1::json) AS pgrst_call

-- $1 = "{\"x\":[1,2],\"y\":\"z\"}"
