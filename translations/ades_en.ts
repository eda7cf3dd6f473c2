<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ades</name>
    <message>
        <source>ADES cannot start</source>
        <translation>ADES cannot start</translation>
    </message>
    <message>
        <source>The listen address must read HOST:PORT, not &apos;%1&apos;.</source>
        <translation>The listen address must read HOST:PORT, not &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>ades::ui::CallDetailPane</name>
    <message>
        <source>Selected call</source>
        <translation>Selected call</translation>
    </message>
    <message>
        <source>Call detail</source>
        <translation>Call detail</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Request</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>Response</translation>
    </message>
    <message>
        <source>Receipt verdict</source>
        <translation>Receipt verdict</translation>
    </message>
    <message>
        <source>Receipt summary</source>
        <translation>Receipt summary</translation>
    </message>
    <message>
        <source>Receipt problems</source>
        <translation>Receipt problems</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Receipt</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Network</translation>
    </message>
    <message>
        <source>Payer</source>
        <translation>Payer</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaction</translation>
    </message>
    <message>
        <source>Explorer link</source>
        <translation>Explorer link</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Copy the transaction hash</source>
        <translation>Copy the transaction hash</translation>
    </message>
    <message>
        <source>Copy the transaction hash to the clipboard</source>
        <translation>Copy the transaction hash to the clipboard</translation>
    </message>
    <message>
        <source>Network:</source>
        <translation>Network:</translation>
    </message>
    <message>
        <source>Payer:</source>
        <translation>Payer:</translation>
    </message>
    <message>
        <source>Amount:</source>
        <translation>Amount:</translation>
    </message>
    <message>
        <source>Transaction:</source>
        <translation>Transaction:</translation>
    </message>
    <message>
        <source>Explorer:</source>
        <translation>Explorer:</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>Settlement</translation>
    </message>
    <message>
        <source>Upstream sources</source>
        <translation>Upstream sources</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>Select a call to see its request, answer, receipt and settlement.</source>
        <translation>Select a call to see its request, answer, receipt and settlement.</translation>
    </message>
    <message>
        <source>%1 %2 → %3 (%4, %5 ms)</source>
        <translation>%1 %2 → %3 (%4, %5 ms)</translation>
    </message>
    <message>
        <source>This request is not in the call log: requests that name no caller and deliver nothing are only counted.</source>
        <translation>This request is not in the call log: requests that name no caller and deliver nothing are only counted.</translation>
    </message>
    <message>
        <source>No receipt</source>
        <translation>No receipt</translation>
    </message>
    <message>
        <source>Reading the call log…</source>
        <translation>Reading the call log…</translation>
    </message>
    <message>
        <source>This call is no longer in the call log (older entries are purged after store/call_log_days).</source>
        <translation>This call is no longer in the call log (older entries are purged after store/call_log_days).</translation>
    </message>
    <message>
        <source>Operation: %1</source>
        <translation>Operation: %1</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Arguments:</translation>
    </message>
    <message>
        <source>Headers (secrets masked):</source>
        <translation>Headers (secrets masked):</translation>
    </message>
    <message>
        <source>Body (%1 bytes):</source>
        <translation>Body (%1 bytes):</translation>
    </message>
    <message>
        <source>Status %1</source>
        <translation>Status %1</translation>
    </message>
    <message>
        <source>(cut: the call log keeps the first %1 of %2 bytes)</source>
        <translation>(cut: the call log keeps the first %1 of %2 bytes)</translation>
    </message>
    <message>
        <source>Not checked</source>
        <translation>Not checked</translation>
    </message>
    <message>
        <source>The call log keeps only the first %1 of this answer; its receipt can be checked on the receipts page from the full result.</source>
        <translation>The call log keeps only the first %1 of this answer; its receipt can be checked on the receipts page from the full result.</translation>
    </message>
    <message>
        <source>The answer had no body.</source>
        <translation>The answer had no body.</translation>
    </message>
    <message>
        <source>No settlement: the call was not paid with x402.</source>
        <translation>No settlement: the call was not paid with x402.</translation>
    </message>
    <message>
        <source>unknown network</source>
        <translation>unknown network</translation>
    </message>
    <message>
        <source>%1 USDC</source>
        <translation>%1 USDC</translation>
    </message>
    <message>
        <source>No explorer is known for this network.</source>
        <translation>No explorer is known for this network.</translation>
    </message>
    <message>
        <source>No upstream source: the answer was computed here.</source>
        <translation>No upstream source: the answer was computed here.</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>No problems found.</translation>
    </message>
</context>
<context>
    <name>ades::ui::CallLogModel</name>
    <message>
        <source>free</source>
        <translation>free</translation>
    </message>
    <message>
        <source>%1
Operation: %2</source>
        <translation>%1
Operation: %2</translation>
    </message>
    <message>
        <source>%1 USDC charged</source>
        <translation>%1 USDC charged</translation>
    </message>
    <message>
        <source>Not charged</source>
        <translation>Not charged</translation>
    </message>
    <message>
        <source>%1
Request: %2</source>
        <translation>%1
Request: %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Method</translation>
    </message>
    <message>
        <source>Path / tool</source>
        <translation>Path / tool</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Price (USDC)</source>
        <translation>Price (USDC)</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>Latency (ms)</translation>
    </message>
    <message>
        <source>Key or payer</source>
        <translation>Key or payer</translation>
    </message>
    <message>
        <source>Settlement transaction %1</source>
        <translation>Settlement transaction %1</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Network</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaction</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>plan</translation>
    </message>
    <message>
        <source>Counted against the API key&apos;s plan</source>
        <translation>Counted against the API key&apos;s plan</translation>
    </message>
</context>
<context>
    <name>ades::ui::DashboardPage</name>
    <message>
        <source>Time window</source>
        <translation>Time window</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Last 24 hours</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Show:</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Calls</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Errors</translation>
    </message>
    <message>
        <source>Revenue (USDC)</source>
        <translation>Revenue (USDC)</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latency p50</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latency p99</translation>
    </message>
    <message>
        <source>Calls per minute by channel</source>
        <translation>Calls per minute by channel</translation>
    </message>
    <message>
        <source>calls/min</source>
        <translation>calls/min</translation>
    </message>
    <message>
        <source>Errors by status</source>
        <translation>Errors by status</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Network</translation>
    </message>
    <message>
        <source>Paid calls</source>
        <translation>Paid calls</translation>
    </message>
    <message>
        <source>USDC</source>
        <translation>USDC</translation>
    </message>
    <message>
        <source>Revenue per network</source>
        <translation>Revenue per network</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Revenue per operation</source>
        <translation>Revenue per operation</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Last success</source>
        <translation>Last success</translation>
    </message>
    <message>
        <source>Last failure</source>
        <translation>Last failure</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <source>Upstream sources</source>
        <translation>Upstream sources</translation>
    </message>
    <message>
        <source>Upstream sources (since the service started)</source>
        <translation>Upstream sources (since the service started)</translation>
    </message>
    <message>
        <source>Sanctions list ages</source>
        <translation>Sanctions list ages</translation>
    </message>
    <message>
        <source>Sanctions lists</source>
        <translation>Sanctions lists</translation>
    </message>
    <message>
        <source>Payment facilitator</source>
        <translation>Payment facilitator</translation>
    </message>
    <message>
        <source>Reading the call log…</source>
        <translation>Reading the call log…</translation>
    </message>
    <message>
        <source>in the last hour</source>
        <translation>in the last hour</translation>
    </message>
    <message>
        <source>in the last 24 hours</source>
        <translation>in the last 24 hours</translation>
    </message>
    <message>
        <source>in the last 30 days</source>
        <translation>in the last 30 days</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Half of the calls %1 were answered at least this fast</source>
        <translation>Half of the calls %1 were answered at least this fast</translation>
    </message>
    <message>
        <source>99 of 100 calls %1 were answered at least this fast</source>
        <translation>99 of 100 calls %1 were answered at least this fast</translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation>Updated %1</translation>
    </message>
    <message>
        <source>No calls %1. Calls appear here as the service answers them.</source>
        <translation>No calls %1. Calls appear here as the service answers them.</translation>
    </message>
    <message>
        <source>No calls %1, so no errors.</source>
        <translation>No calls %1, so no errors.</translation>
    </message>
    <message>
        <source>No errors %1.</source>
        <translation>No errors %1.</translation>
    </message>
    <message>
        <source>No paid calls %1</source>
        <translation>No paid calls %1</translation>
    </message>
    <message>
        <source>unknown network</source>
        <translation>unknown network</translation>
    </message>
    <message>
        <source>unknown operation</source>
        <translation>unknown operation</translation>
    </message>
    <message>
        <source>none since start</source>
        <translation>none since start</translation>
    </message>
    <message>
        <source>No upstream sources are configured.</source>
        <translation>No upstream sources are configured.</translation>
    </message>
    <message>
        <source>No sanctions lists are served.</source>
        <translation>No sanctions lists are served.</translation>
    </message>
    <message>
        <source>%1: not loaded</source>
        <translation>%1: not loaded</translation>
    </message>
    <message>
        <source>%1: loaded, date unknown</source>
        <translation>%1: loaded, date unknown</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n day(s) old (generated %2)</source>
        <translation>
            <numerusform>%1: %n day old (generated %2)</numerusform>
            <numerusform>%1: %n days old (generated %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>last refresh failed: %1</source>
        <translation>last refresh failed: %1</translation>
    </message>
    <message>
        <source>No facilitator is configured: paid x402 calls cannot be settled.</source>
        <translation>No facilitator is configured: paid x402 calls cannot be settled.</translation>
    </message>
    <message>
        <source>Not contacted since the service started (it is asked when a payment arrives).</source>
        <translation>Not contacted since the service started (it is asked when a payment arrives).</translation>
    </message>
    <message>
        <source>Unreachable since %1: %2</source>
        <translation>Unreachable since %1: %2</translation>
    </message>
    <message>
        <source>Reachable: last answer at %1</source>
        <translation>Reachable: last answer at %1</translation>
    </message>
    <message>
        <source>Payment networks: %1</source>
        <translation>Payment networks: %1</translation>
    </message>
    <message>
        <source>Check now</source>
        <translation>Check now</translation>
    </message>
    <message>
        <source>Check the payment facilitator now</source>
        <translation>Check the payment facilitator now</translation>
    </message>
    <message>
        <source>Ask the facilitator&apos;s /supported now; otherwise it is asked only when a payment arrives</source>
        <translation>Ask the facilitator&apos;s /supported now; otherwise it is asked only when a payment arrives</translation>
    </message>
    <message>
        <source>Asking the facilitator…</source>
        <translation>Asking the facilitator…</translation>
    </message>
</context>
<context>
    <name>ades::ui::LiveCallsPage</name>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Filter by channel, path, status, key or payer…</source>
        <translation>Filter by channel, path, status, key or payer…</translation>
    </message>
    <message>
        <source>Hold new calls back while you read; they appear when you resume</source>
        <translation>Hold new calls back while you read; they appear when you resume</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n call</numerusform>
            <numerusform>%n calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n call(s)</source>
        <translation>
            <numerusform>%1 of %n call</numerusform>
            <numerusform>%1 of %n calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n held while paused</source>
        <translation>
            <numerusform>%1 · %n held while paused</numerusform>
            <numerusform>%1 · %n held while paused</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown network</source>
        <translation>unknown network</translation>
    </message>
    <message>
        <source>Revenue: none yet</source>
        <translation>Revenue: none yet</translation>
    </message>
    <message>
        <source>%1 %2 USDC</source>
        <translation>%1 %2 USDC</translation>
    </message>
    <message>
        <source>Revenue: %1</source>
        <translation>Revenue: %1</translation>
    </message>
    <message>
        <source>Settled x402 payments per network, from the ledger and the calls since start</source>
        <translation>Settled x402 payments per network, from the ledger and the calls since start</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <source>Filter the shown calls</source>
        <translation>Filter the shown calls</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>All channels</source>
        <translation>All channels</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>All operations</source>
        <translation>All operations</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Any status</translation>
    </message>
    <message>
        <source>Success (2xx)</source>
        <translation>Success (2xx)</translation>
    </message>
    <message>
        <source>Payment required (402)</source>
        <translation>Payment required (402)</translation>
    </message>
    <message>
        <source>Client errors (4xx)</source>
        <translation>Client errors (4xx)</translation>
    </message>
    <message>
        <source>Server errors (5xx)</source>
        <translation>Server errors (5xx)</translation>
    </message>
    <message>
        <source>Key or payer</source>
        <translation>Key or payer</translation>
    </message>
    <message>
        <source>Key or payer…</source>
        <translation>Key or payer…</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Any time</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Last 24 hours</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <source>Export the shown calls as CSV</source>
        <translation>Export the shown calls as CSV</translation>
    </message>
    <message>
        <source>Save the calls shown, after every filter, as a CSV file</source>
        <translation>Save the calls shown, after every filter, as a CSV file</translation>
    </message>
    <message>
        <source>Pause the live list</source>
        <translation>Pause the live list</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Calls</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <source>The calls could not be written to %1: %2</source>
        <translation>The calls could not be written to %1: %2</translation>
    </message>
    <message>
        <source>Export calls as CSV</source>
        <translation>Export calls as CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
</context>
<context>
    <name>ades::ui::MainWindow</name>
    <message>
        <source>ADES Console</source>
        <translation>ADES Console</translation>
    </message>
    <message>
        <source>Live calls</source>
        <translation>Live calls</translation>
    </message>
    <message>
        <source>Receipts</source>
        <translation>Receipts</translation>
    </message>
    <message>
        <source>Service not started</source>
        <translation>Service not started</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
    <message>
        <source>Listening on port %1</source>
        <translation>Listening on port %1</translation>
    </message>
    <message>
        <source>Listening on %1:%2</source>
        <translation>Listening on %1:%2</translation>
    </message>
    <message>
        <source>Service not running: %1</source>
        <translation>Service not running: %1</translation>
    </message>
    <message>
        <source>Service stopped</source>
        <translation>Service stopped</translation>
    </message>
    <message>
        <source>No issuer key</source>
        <translation>No issuer key</translation>
    </message>
    <message>
        <source>Issuer %1</source>
        <translation>Issuer %1</translation>
    </message>
    <message>
        <source>Receipts from this service are signed by this address</source>
        <translation>Receipts from this service are signed by this address</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>Sanctions lists</source>
        <translation>Sanctions lists</translation>
    </message>
    <message>
        <source>Database %1</source>
        <translation>Database %1</translation>
    </message>
    <message>
        <source>Space the store takes on disk: the database, its write-ahead log and the delivery journal. Old call log entries and receipts are purged hourly (store/call_log_days, store/receipt_days).</source>
        <translation>Space the store takes on disk: the database, its write-ahead log and the delivery journal. Old call log entries and receipts are purged hourly (store/call_log_days, store/receipt_days).</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
</context>
<context>
    <name>ades::ui::ReceiptCheck</name>
    <message>
        <source>Not a receipt</source>
        <translation>Not a receipt</translation>
    </message>
    <message>
        <source>The input is not a JSON result carrying a receipt.</source>
        <translation>The input is not a JSON result carrying a receipt.</translation>
    </message>
    <message>
        <source>Valid receipt</source>
        <translation>Valid receipt</translation>
    </message>
    <message>
        <source>Authentic and unaltered, but past its validity period.</source>
        <translation>Authentic and unaltered, but past its validity period.</translation>
    </message>
    <message>
        <source>The result is unaltered and the signature matches the issuer.</source>
        <translation>The result is unaltered and the signature matches the issuer.</translation>
    </message>
    <message>
        <source>Invalid receipt</source>
        <translation>Invalid receipt</translation>
    </message>
    <message>
        <source>Do not rely on this result: see the problems below.</source>
        <translation>Do not rely on this result: see the problems below.</translation>
    </message>
    <message>
        <source>The input is not valid JSON.</source>
        <translation>The input is not valid JSON.</translation>
    </message>
    <message>
        <source>The input is not a JSON object.</source>
        <translation>The input is not a JSON object.</translation>
    </message>
    <message>
        <source>The result carries no receipt.</source>
        <translation>The result carries no receipt.</translation>
    </message>
    <message>
        <source>The receipt is not a JSON object.</source>
        <translation>The receipt is not a JSON object.</translation>
    </message>
    <message>
        <source>The receipt and extensions.delivery-receipt are not the same.</source>
        <translation>The receipt and extensions.delivery-receipt are not the same.</translation>
    </message>
    <message>
        <source>The receipt names a standard this service does not know.</source>
        <translation>The receipt names a standard this service does not know.</translation>
    </message>
    <message>
        <source>The result was changed after it was signed.</source>
        <translation>The result was changed after it was signed.</translation>
    </message>
    <message>
        <source>The signed message does not match the other receipt fields.</source>
        <translation>The signed message does not match the other receipt fields.</translation>
    </message>
    <message>
        <source>The signature is malformed or recovers to no key.</source>
        <translation>The signature is malformed or recovers to no key.</translation>
    </message>
    <message>
        <source>The signature was made by a different key than the issuer.</source>
        <translation>The signature was made by a different key than the issuer.</translation>
    </message>
    <message>
        <source>The issuer key does not belong to the issuer address.</source>
        <translation>The issuer key does not belong to the issuer address.</translation>
    </message>
    <message>
        <source>The key id does not name the issuer.</source>
        <translation>The key id does not name the issuer.</translation>
    </message>
    <message>
        <source>The receipt expires before it was issued.</source>
        <translation>The receipt expires before it was issued.</translation>
    </message>
    <message>
        <source>The signature does not end in 27 or 28, as EIP-191 receipts are signed.</source>
        <translation>The signature does not end in 27 or 28, as EIP-191 receipts are signed.</translation>
    </message>
    <message>
        <source>The field %1 is missing or not a string.</source>
        <translation>The field %1 is missing or not a string.</translation>
    </message>
    <message>
        <source>The field %1 is not an ISO 8601 date-time with a time zone.</source>
        <translation>The field %1 is not an ISO 8601 date-time with a time zone.</translation>
    </message>
    <message>
        <source>The receipt has a field %1 that its standard does not define; nothing signs it.</source>
        <translation>The receipt has a field %1 that its standard does not define; nothing signs it.</translation>
    </message>
    <message>
        <source>The JSON repeats the name at %1; readers disagree on which value counts.</source>
        <translation>The JSON repeats the name at %1; readers disagree on which value counts.</translation>
    </message>
</context>
<context>
    <name>ades::ui::ReceiptsPage</name>
    <message>
        <source>Open file…</source>
        <translation>Open file…</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Paste</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Verify</translation>
    </message>
    <message>
        <source>Drop a result JSON file anywhere on this page, open one, or paste it below.</source>
        <translation>Drop a result JSON file anywhere on this page, open one, or paste it below.</translation>
    </message>
    <message>
        <source>Paste the complete JSON result, including its &quot;receipt&quot; member.</source>
        <translation>Paste the complete JSON result, including its &quot;receipt&quot; member.</translation>
    </message>
    <message>
        <source>Paste JSON from the clipboard and verify it</source>
        <translation>Paste JSON from the clipboard and verify it</translation>
    </message>
    <message>
        <source>Verify the JSON in the editor</source>
        <translation>Verify the JSON in the editor</translation>
    </message>
    <message>
        <source>Standard:</source>
        <translation>Standard:</translation>
    </message>
    <message>
        <source>Recovered issuer:</source>
        <translation>Recovered issuer:</translation>
    </message>
    <message>
        <source>Issued by this service:</source>
        <translation>Issued by this service:</translation>
    </message>
    <message>
        <source>Valid until:</source>
        <translation>Valid until:</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problems</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Field</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>the file is larger than %1 MiB</source>
        <translation>the file is larger than %1 MiB</translation>
    </message>
    <message>
        <source>Verified %1 (%2)</source>
        <translation>Verified %1 (%2)</translation>
    </message>
    <message>
        <source>Open a result with its receipt</source>
        <translation>Open a result with its receipt</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON files (*.json);;All files (*)</translation>
    </message>
    <message>
        <source>The clipboard holds no text.</source>
        <translation>The clipboard holds no text.</translation>
    </message>
    <message>
        <source>Verified the text in the editor</source>
        <translation>Verified the text in the editor</translation>
    </message>
    <message>
        <source>Verified dropped text</source>
        <translation>Verified dropped text</translation>
    </message>
    <message>
        <source>Not a receipt</source>
        <translation>Not a receipt</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>could not be recovered</source>
        <translation>could not be recovered</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>No (this service signs as %1)</source>
        <translation>No (this service signs as %1)</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>not stated</translation>
    </message>
    <message>
        <source>%1 (expired)</source>
        <translation>%1 (expired)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>%1 could not be read: %2</translation>
    </message>
    <message>
        <source>No receipt checked yet</source>
        <translation>No receipt checked yet</translation>
    </message>
    <message>
        <source>The check is the same as POST /verify: result hash, signed message and signature.</source>
        <translation>The check is the same as POST /verify: result hash, signed message and signature.</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(missing)</translation>
    </message>
</context>
<context>
    <name>ades::ui::SanctionsPage</name>
    <message>
        <source>Import list files…</source>
        <translation>Import list files…</translation>
    </message>
    <message>
        <source>List</source>
        <translation>List</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Loaded</translation>
    </message>
    <message>
        <source>Generation date</source>
        <translation>Generation date</translation>
    </message>
    <message>
        <source>Last download</source>
        <translation>Last download</translation>
    </message>
    <message>
        <source>Official EU, UN or UK list files (XML, CSV) or the combined JSONL snapshot</source>
        <translation>Official EU, UN or UK list files (XML, CSV) or the combined JSONL snapshot</translation>
    </message>
    <message>
        <source>Screening uses the lists below. Downloads that fail or look wrong keep the previous list.</source>
        <translation>Screening uses the lists below. Downloads that fail or look wrong keep the previous list.</translation>
    </message>
    <message>
        <source>Imported: %1 entries indexed.</source>
        <translation>Imported: %1 entries indexed.</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Not imported: %1</translation>
    </message>
    <message>
        <source>EU</source>
        <translation>EU</translation>
    </message>
    <message>
        <source>UN</source>
        <translation>UN</translation>
    </message>
    <message>
        <source>UK</source>
        <translation>UK</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>not yet</translation>
    </message>
    <message>
        <source>%1: accepted</source>
        <translation>%1: accepted</translation>
    </message>
    <message>
        <source>%1: kept the previous list (%2)</source>
        <translation>%1: kept the previous list (%2)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>Import sanctions lists</source>
        <translation>Import sanctions lists</translation>
    </message>
    <message>
        <source>Sanctions lists (*.xml *.csv *.jsonl *.gz);;All files (*)</source>
        <translation>Sanctions lists (*.xml *.csv *.jsonl *.gz);;All files (*)</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Importing…</translation>
    </message>
    <message>
        <source>Not imported: this service has no sanctions area.</source>
        <translation>Not imported: this service has no sanctions area.</translation>
    </message>
</context>
<context>
    <name>ades::ui::SettingsPage</name>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <source>Restart ADES</source>
        <translation>Restart ADES</translation>
    </message>
    <message>
        <source>x402 payments</source>
        <translation>x402 payments</translation>
    </message>
    <message>
        <source>EVM receiving address</source>
        <translation>EVM receiving address</translation>
    </message>
    <message>
        <source>0x followed by 40 hex digits</source>
        <translation>0x followed by 40 hex digits</translation>
    </message>
    <message>
        <source>Solana receiving address</source>
        <translation>Solana receiving address</translation>
    </message>
    <message>
        <source>base58, 32 to 44 characters</source>
        <translation>base58, 32 to 44 characters</translation>
    </message>
    <message>
        <source>%1 (testnet)</source>
        <translation>%1 (testnet)</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>Networks</translation>
    </message>
    <message>
        <source>Facilitator URL</source>
        <translation>Facilitator URL</translation>
    </message>
    <message>
        <source>VIES</source>
        <translation>VIES</translation>
    </message>
    <message>
        <source>VIES URL</source>
        <translation>VIES URL</translation>
    </message>
    <message>
        <source>empty: VIES unreachable</source>
        <translation>empty: VIES unreachable</translation>
    </message>
    <message>
        <source>Your VAT ID</source>
        <translation>Your VAT ID</translation>
    </message>
    <message>
        <source>e.g. DE123456789</source>
        <translation>e.g. DE123456789</translation>
    </message>
    <message>
        <source>Quit ADES and start it again, so that the saved settings apply</source>
        <translation>Quit ADES and start it again, so that the saved settings apply</translation>
    </message>
    <message>
        <source>Saved to %1 in the data folder %2.</source>
        <translation>Saved to %1 in the data folder %2.</translation>
    </message>
    <message>
        <source>Not an EVM address: 0x followed by 40 hex digits</source>
        <translation>Not an EVM address: 0x followed by 40 hex digits</translation>
    </message>
    <message>
        <source>Not a Solana address: 32 to 44 base58 characters</source>
        <translation>Not a Solana address: 32 to 44 base58 characters</translation>
    </message>
    <message>
        <source>Not an http:// or https:// URL</source>
        <translation>Not an http:// or https:// URL</translation>
    </message>
    <message>
        <source>Saved — restart ADES to apply</source>
        <translation>Saved — restart ADES to apply</translation>
    </message>
    <message>
        <source>Could not write %1 in %2</source>
        <translation>Could not write %1 in %2</translation>
    </message>
    <message>
        <source>Not accepted: %1</source>
        <translation>Not accepted: %1</translation>
    </message>
    <message>
        <source>Not a valid VAT ID: check the country prefix and the digits</source>
        <translation>Not a valid VAT ID: check the country prefix and the digits</translation>
    </message>
</context>
</TS>
