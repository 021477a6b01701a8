-- GET /rest/v1/rpc/add_numbers?a=1&b=2

SELECT null::bigint AS total, 1 AS page_total, to_json(pgrst_call)::text AS body
FROM json_to_record($1::json) AS _args("a" integer, "b" integer), LATERAL "public"."add_numbers"("a" => _args."a", "b" => _args."b") AS pgrst_call

-- $1 = "{\"a\":\"1\",\"b\":\"2\"}"
