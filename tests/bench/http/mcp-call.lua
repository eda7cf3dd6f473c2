-- wrk script: POST one MCP tools/call (legacy era, stateless) per request.
-- TOOL and ARGS come from the environment (defaults: validate_iban with a valid German IBAN).
local tool = os.getenv("TOOL") or "validate_iban"
local args = os.getenv("ARGS") or '{"iban":"DE89370400440532013000"}'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = "2025-11-25"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"' .. tool .. '","arguments":' .. args .. '}}'

-- A 200 with isError would be a fast wrong answer: count those separately.
local tool_errors = 0
function response(status, headers, body)
  if status ~= 200 or string.find(body, '"isError":true', 1, true) then
    tool_errors = tool_errors + 1
  end
end

function done(summary, latency, requests)
  io.write(string.format("tool errors or non-200: %d\n", tool_errors))
end
