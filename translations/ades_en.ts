<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>SettingLabels</name>
    <message>
        <source>Listen address (HOST:PORT)</source>
        <translation>Listen address (HOST:PORT)</translation>
    </message>
    <message>
        <source>Public URL</source>
        <translation>Public URL</translation>
    </message>
    <message>
        <source>Service name in receipts</source>
        <translation>Service name in receipts</translation>
    </message>
    <message>
        <source>Issuer display name</source>
        <translation>Issuer display name</translation>
    </message>
    <message>
        <source>Issuer key file</source>
        <translation>Issuer key file</translation>
    </message>
    <message>
        <source>Receipt validity (days)</source>
        <translation>Receipt validity (days)</translation>
    </message>
    <message>
        <source>EVM receiving address</source>
        <translation>EVM receiving address</translation>
    </message>
    <message>
        <source>Solana receiving address</source>
        <translation>Solana receiving address</translation>
    </message>
    <message>
        <source>Solana fee payer (facilitator)</source>
        <translation>Solana fee payer (facilitator)</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>Networks</translation>
    </message>
    <message>
        <source>Payment timeout (seconds)</source>
        <translation>Payment timeout (seconds)</translation>
    </message>
    <message>
        <source>Free calls per address and day</source>
        <translation>Free calls per address and day</translation>
    </message>
    <message>
        <source>Free input checks per address and day</source>
        <translation>Free input checks per address and day</translation>
    </message>
    <message>
        <source>Gateway secret (SHA-256)</source>
        <translation>Gateway secret (SHA-256)</translation>
    </message>
    <message>
        <source>Gateway name</source>
        <translation>Gateway name</translation>
    </message>
    <message>
        <source>Keep the call log (days)</source>
        <translation>Keep the call log (days)</translation>
    </message>
    <message>
        <source>Keep receipts (days)</source>
        <translation>Keep receipts (days)</translation>
    </message>
    <message>
        <source>Your VAT ID</source>
        <translation>Your VAT ID</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>Payments (x402)</source>
        <translation>Payments (x402)</translation>
    </message>
    <message>
        <source>Free tier and quotas</source>
        <translation>Free tier and quotas</translation>
    </message>
    <message>
        <source>Issuer</source>
        <translation>Issuer</translation>
    </message>
    <message>
        <source>Receipts</source>
        <translation>Receipts</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <source>Data retention</source>
        <translation>Data retention</translation>
    </message>
    <message>
        <source>HTTP limits</source>
        <translation>HTTP limits</translation>
    </message>
    <message>
        <source>MCP endpoint</source>
        <translation>MCP endpoint</translation>
    </message>
    <message>
        <source>Area: %1</source>
        <translation>Area: %1</translation>
    </message>
</context>
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
    <name>ades::ui::BackupPassphraseDialog</name>
    <message>
        <source>Back up the issuer key</source>
        <translation>Back up the issuer key</translation>
    </message>
    <message>
        <source>The backup holds the private key, encrypted with this passphrase (Ethereum keystore format). Without the passphrase it cannot be opened: keep both, apart.</source>
        <translation>The backup holds the private key, encrypted with this passphrase (Ethereum keystore format). Without the passphrase it cannot be opened: keep both, apart.</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <source>Passphrase again</source>
        <translation>Passphrase again</translation>
    </message>
    <message>
        <source>Back up</source>
        <translation>Back up</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message numerus="yes">
        <source>At least %n characters</source>
        <translation>
            <numerusform>At least %n character</numerusform>
            <numerusform>At least %n characters</numerusform>
        </translation>
    </message>
    <message>
        <source>The two passphrases differ</source>
        <translation>The two passphrases differ</translation>
    </message>
</context>
<context>
    <name>ades::ui::BooleanField</name>
    <message>
        <source>The middle state sends nothing.</source>
        <translation>The middle state sends nothing.</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>not sent</translation>
    </message>
    <message>
        <source>true</source>
        <translation>true</translation>
    </message>
    <message>
        <source>false</source>
        <translation>false</translation>
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
        <source>No problems found.</source>
        <translation>No problems found.</translation>
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
        <source>Request and answer bodies are kept in memory only, for the last %1 calls since the service started, and are never written to disk: they can hold documents, secrets and personal data that the operations promise not to store.</source>
        <translation>Request and answer bodies are kept in memory only, for the last %1 calls since the service started, and are never written to disk: they can hold documents, secrets and personal data that the operations promise not to store.</translation>
    </message>
    <message>
        <source>Body (%1 bytes): not kept</source>
        <translation>Body (%1 bytes): not kept</translation>
    </message>
    <message>
        <source>The answer is no longer in memory; its receipt is in the receipt archive and can be checked on the receipts page.</source>
        <translation>The answer is no longer in memory; its receipt is in the receipt archive and can be checked on the receipts page.</translation>
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
    <name>ades::ui::CallResultView</name>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Receipt</translation>
    </message>
    <message>
        <source>Receipt verdict</source>
        <translation>Receipt verdict</translation>
    </message>
    <message>
        <source>Run an operation to see its result and receipt here.</source>
        <translation>Run an operation to see its result and receipt here.</translation>
    </message>
    <message>
        <source>Failed with status %1, no receipt: %2</source>
        <translation>Failed with status %1, no receipt: %2</translation>
    </message>
    <message>
        <source>Receipt valid: signed by %1%2. Logged as a console call in %3 ms, not charged.</source>
        <translation>Receipt valid: signed by %1%2. Logged as a console call in %3 ms, not charged.</translation>
    </message>
    <message>
        <source> (this service)</source>
        <translation> (this service)</translation>
    </message>
    <message>
        <source>Receipt invalid: %1</source>
        <translation>Receipt invalid: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::ChoiceField</name>
    <message>
        <source>(not sent)</source>
        <translation>(not sent)</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>(choose)</translation>
    </message>
</context>
<context>
    <name>ades::ui::CreateKeyDialog</name>
    <message>
        <source>New API key</source>
        <translation>New API key</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Who or what uses the key</source>
        <translation>Who or what uses the key</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>name@example.com (optional)</source>
        <translation>name@example.com (optional)</translation>
    </message>
    <message>
        <source>&amp;Label:</source>
        <translation>&amp;Label:</translation>
    </message>
    <message>
        <source>&amp;E-mail:</source>
        <translation>&amp;E-mail:</translation>
    </message>
    <message>
        <source>Create key</source>
        <translation>Create key</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>The key is shown once, right after it is created; only its hash is kept.</source>
        <translation>The key is shown once, right after it is created; only its hash is kept.</translation>
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
        <source>No upstream sources are configured.</source>
        <translation>No upstream sources are configured.</translation>
    </message>
    <message>
        <source>none since start</source>
        <translation>none since start</translation>
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
</context>
<context>
    <name>ades::ui::FileField</name>
    <message>
        <source>Choose file…</source>
        <translation>Choose file…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <source>No file chosen (sent base64-encoded)</source>
        <translation>No file chosen (sent base64-encoded)</translation>
    </message>
    <message>
        <source>Choose the file for %1</source>
        <translation>Choose the file for %1</translation>
    </message>
    <message>
        <source>Clear the file of %1</source>
        <translation>Clear the file of %1</translation>
    </message>
    <message>
        <source>%1 is too large (%2; at most %3)</source>
        <translation>%1 is too large (%2; at most %3)</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 cannot be read: %2</translation>
    </message>
    <message>
        <source>%1 is too large (at most %2)</source>
        <translation>%1 is too large (at most %2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>base64 text, %n character(s)</source>
        <translation>
            <numerusform>base64 text, %n character</numerusform>
            <numerusform>base64 text, %n characters</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Reading %1…</translation>
    </message>
</context>
<context>
    <name>ades::ui::FirstRunWizard</name>
    <message>
        <source>Welcome to ADES</source>
        <translation>Welcome to ADES</translation>
    </message>
    <message>
        <source>Where ADES keeps its data</source>
        <translation>Where ADES keeps its data</translation>
    </message>
    <message>
        <source>The settings, the issuer key that signs receipts, the call log and the payments ledger live in this folder. Only you can read it.</source>
        <translation>The settings, the issuer key that signs receipts, the call log and the payments ledger live in this folder. Only you can read it.</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Data folder</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <source>Choose the data folder</source>
        <translation>Choose the data folder</translation>
    </message>
    <message>
        <source>Where payments go</source>
        <translation>Where payments go</translation>
    </message>
    <message>
        <source>Agents pay per call in USDC (x402) to your address. Without one, paid operations are not offered; the free ones still are. You can add it later in Settings.</source>
        <translation>Agents pay per call in USDC (x402) to your address. Without one, paid operations are not offered; the free ones still are. You can add it later in Settings.</translation>
    </message>
    <message>
        <source>What is served where</source>
        <translation>What is served where</translation>
    </message>
    <message>
        <source>Not a valid %1</source>
        <translation>Not a valid %1</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/x402/…&lt;/b&gt; — paid calls: agents pay per call with x402&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/x402/…&lt;/b&gt; — paid calls: agents pay per call with x402&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/free/…&lt;/b&gt; — free checks, a few a day per address&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/free/…&lt;/b&gt; — free checks, a few a day per address&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/mcp&lt;/b&gt; — the same operations as tools for AI agents (MCP)&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/mcp&lt;/b&gt; — the same operations as tools for AI agents (MCP)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/verify&lt;/b&gt; — anyone can check a receipt this service signed&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/verify&lt;/b&gt; — anyone can check a receipt this service signed&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/v1/health&lt;/b&gt; — whether the service is up&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/v1/health&lt;/b&gt; — whether the service is up&lt;/li&gt;</translation>
    </message>
    <message>
        <source>only programs on this computer reach it; change the listen address in Settings to serve others</source>
        <translation>only programs on this computer reach it; change the listen address in Settings to serve others</translation>
    </message>
    <message>
        <source>other computers on the network can reach it</source>
        <translation>other computers on the network can reach it</translation>
    </message>
    <message>
        <source>&lt;p&gt;ADES listens on &lt;b&gt;%1&lt;/b&gt;: %2.&lt;/p&gt;&lt;ul&gt;%3&lt;/ul&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;Data folder: %5&lt;/p&gt;</source>
        <translation>&lt;p&gt;ADES listens on &lt;b&gt;%1&lt;/b&gt;: %2.&lt;/p&gt;&lt;ul&gt;%3&lt;/ul&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;Data folder: %5&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Payments go to the address you gave.</source>
        <translation>Payments go to the address you gave.</translation>
    </message>
    <message>
        <source>No receiving address yet: paid calls are not offered.</source>
        <translation>No receiving address yet: paid calls are not offered.</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Back</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Next &gt;</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Finish</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>ades::ui::FormField</name>
    <message>
        <source>Required.</source>
        <translation>Required.</translation>
    </message>
    <message>
        <source>Format: %1</source>
        <translation>Format: %1</translation>
    </message>
    <message>
        <source>Pattern: %1</source>
        <translation>Pattern: %1</translation>
    </message>
    <message>
        <source>Length: %1 to %2 characters</source>
        <translation>Length: %1 to %2 characters</translation>
    </message>
    <message>
        <source>any</source>
        <translation>any</translation>
    </message>
    <message>
        <source>Range: %1 to %2</source>
        <translation>Range: %1 to %2</translation>
    </message>
</context>
<context>
    <name>ades::ui::HealthNotifier</name>
    <message>
        <source>A list did not refresh</source>
        <translation>A list did not refresh</translation>
    </message>
    <message>
        <source>%1 did not refresh: %2</source>
        <translation>%1 did not refresh: %2</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>no reason given</translation>
    </message>
    <message>
        <source>An operation is unavailable</source>
        <translation>An operation is unavailable</translation>
    </message>
    <message>
        <source>%1 answered 503 Service Unavailable: an upstream source did not answer, or a setting it needs is missing.</source>
        <translation>%1 answered 503 Service Unavailable: an upstream source did not answer, or a setting it needs is missing.</translation>
    </message>
</context>
<context>
    <name>ades::ui::IssuerKeyBox</name>
    <message>
        <source>Issuer key</source>
        <translation>Issuer key</translation>
    </message>
    <message>
        <source>Export public key…</source>
        <translation>Export public key…</translation>
    </message>
    <message>
        <source>Rotate…</source>
        <translation>Rotate…</translation>
    </message>
    <message>
        <source>Back up private key…</source>
        <translation>Back up private key…</translation>
    </message>
    <message>
        <source>Issuer address</source>
        <translation>Issuer address</translation>
    </message>
    <message>
        <source>Export the issuer&apos;s public key</source>
        <translation>Export the issuer&apos;s public key</translation>
    </message>
    <message>
        <source>Rotate the issuer key</source>
        <translation>Rotate the issuer key</translation>
    </message>
    <message>
        <source>Creates a new key for the receipts issued after the next start; the old key is kept, so receipts it signed stay recognised as this service&apos;s.</source>
        <translation>Creates a new key for the receipts issued after the next start; the old key is kept, so receipts it signed stay recognised as this service&apos;s.</translation>
    </message>
    <message>
        <source>Back up the issuer&apos;s private key</source>
        <translation>Back up the issuer&apos;s private key</translation>
    </message>
    <message>
        <source>Backup written to %1 (readable by you only).</source>
        <translation>Backup written to %1 (readable by you only).</translation>
    </message>
    <message>
        <source>No backup: %1</source>
        <translation>No backup: %1</translation>
    </message>
    <message>
        <source>Signing address</source>
        <translation>Signing address</translation>
    </message>
    <message>
        <source>After restart</source>
        <translation>After restart</translation>
    </message>
    <message>
        <source>Retired keys</source>
        <translation>Retired keys</translation>
    </message>
    <message>
        <source>the same key</source>
        <translation>the same key</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Public key written to %1.</source>
        <translation>Public key written to %1.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Could not write %1: %2</translation>
    </message>
    <message>
        <source>Not rotated: %1</source>
        <translation>Not rotated: %1</translation>
    </message>
    <message>
        <source>Rotated. Restart ADES: receipts are signed with the new key from then on; the old key is kept to recognise the receipts it signed.</source>
        <translation>Rotated. Restart ADES: receipts are signed with the new key from then on; the old key is kept to recognise the receipts it signed.</translation>
    </message>
    <message>
        <source>Encrypting the backup…</source>
        <translation>Encrypting the backup…</translation>
    </message>
    <message>
        <source>Export public key</source>
        <translation>Export public key</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON files (*.json)</translation>
    </message>
    <message>
        <source>Create a new issuer key? Receipts issued after the next start are signed with it; the old key is kept so receipts it signed are still recognised. Agents that pinned the old address must be told the new one.</source>
        <translation>Create a new issuer key? Receipts issued after the next start are signed with it; the old key is kept so receipts it signed are still recognised. Agents that pinned the old address must be told the new one.</translation>
    </message>
    <message>
        <source>Back up private key</source>
        <translation>Back up private key</translation>
    </message>
    <message>
        <source>Keystore files (*.json)</source>
        <translation>Keystore files (*.json)</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Rotate</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>ades::ui::JsonField</name>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Type JSON: an object, an array, a number, &quot;text&quot;…</source>
        <translation>Type JSON: an object, an array, a number, &quot;text&quot;…</translation>
    </message>
</context>
<context>
    <name>ades::ui::KeyListModel</name>
    <message>
        <source>unlimited</source>
        <translation>unlimited</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>free</source>
        <translation>free</translation>
    </message>
    <message>
        <source>never</source>
        <translation>never</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>revoked</translation>
    </message>
    <message>
        <source>quota spent</source>
        <translation>quota spent</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>Key id %1. Only the first 12 characters of a key are kept in the clear.</source>
        <translation>Key id %1. Only the first 12 characters of a key are kept in the clear.</translation>
    </message>
    <message>
        <source>The last UTC day with a counted call</source>
        <translation>The last UTC day with a counted call</translation>
    </message>
    <message>
        <source>Revoked %1</source>
        <translation>Revoked %1</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Calls used</source>
        <translation>Calls used</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Quota</translation>
    </message>
    <message>
        <source>Last use</source>
        <translation>Last use</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
</context>
<context>
    <name>ades::ui::KeyUsageChart</name>
    <message>
        <source>Calls per day of the selected key</source>
        <translation>Calls per day of the selected key</translation>
    </message>
    <message>
        <source>Usage summary</source>
        <translation>Usage summary</translation>
    </message>
    <message>
        <source>Choose a key to see its calls per day.</source>
        <translation>Choose a key to see its calls per day.</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Calls</translation>
    </message>
    <message>
        <source>UTC day</source>
        <translation>UTC day</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n call(s) over the last %2 days</source>
        <translation>
            <numerusform>%1: %n call over the last %2 days</numerusform>
            <numerusform>%1: %n calls over the last %2 days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ades::ui::KeysPage</name>
    <message>
        <source>&amp;New key…</source>
        <translation>&amp;New key…</translation>
    </message>
    <message>
        <source>&amp;Revoke…</source>
        <translation>&amp;Revoke…</translation>
    </message>
    <message>
        <source>Change &amp;plan…</source>
        <translation>Change &amp;plan…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Re&amp;fresh</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>New key</translation>
    </message>
    <message>
        <source>Create an API key; it is shown once</source>
        <translation>Create an API key; it is shown once</translation>
    </message>
    <message>
        <source>Revoke the selected key</source>
        <translation>Revoke the selected key</translation>
    </message>
    <message>
        <source>Stop the selected key at its next call; this cannot be undone</source>
        <translation>Stop the selected key at its next call; this cannot be undone</translation>
    </message>
    <message>
        <source>Change the plan and quota of the selected key</source>
        <translation>Change the plan and quota of the selected key</translation>
    </message>
    <message>
        <source>Refresh the key list</source>
        <translation>Refresh the key list</translation>
    </message>
    <message>
        <source>Show revoked keys</source>
        <translation>Show revoked keys</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>API keys</translation>
    </message>
    <message>
        <source>Usage period</source>
        <translation>Usage period</translation>
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
        <source>Last 90 days</source>
        <translation>Last 90 days</translation>
    </message>
    <message>
        <source>Last 365 days</source>
        <translation>Last 365 days</translation>
    </message>
    <message>
        <source>Key action result</source>
        <translation>Key action result</translation>
    </message>
    <message>
        <source>Calls per day</source>
        <translation>Calls per day</translation>
    </message>
    <message>
        <source>Creating the key…</source>
        <translation>Creating the key…</translation>
    </message>
    <message>
        <source>Revoke key</source>
        <translation>Revoke key</translation>
    </message>
    <message>
        <source>Revoke %1?</source>
        <translation>Revoke %1?</translation>
    </message>
    <message>
        <source>Its next call is refused with 401. A revoked key cannot be restored; create a new one instead.</source>
        <translation>Its next call is refused with 401. A revoked key cannot be restored; create a new one instead.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Revoke</translation>
    </message>
    <message>
        <source>Revoking…</source>
        <translation>Revoking…</translation>
    </message>
    <message>
        <source>Changing the plan…</source>
        <translation>Changing the plan…</translation>
    </message>
    <message>
        <source>Key %1… created.</source>
        <translation>Key %1… created.</translation>
    </message>
    <message>
        <source>Key %1… revoked.</source>
        <translation>Key %1… revoked.</translation>
    </message>
    <message>
        <source>Key %1… was not revoked: it is unknown or already revoked.</source>
        <translation>Key %1… was not revoked: it is unknown or already revoked.</translation>
    </message>
    <message>
        <source>Key %1… is now on the %2 plan with a quota of %3.</source>
        <translation>Key %1… is now on the %2 plan with a quota of %3.</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>free</source>
        <translation>free</translation>
    </message>
    <message>
        <source>Show re&amp;voked keys</source>
        <translation>Show re&amp;voked keys</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>Not done: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::ListField</name>
    <message>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Add an item to %1</source>
        <translation>Add an item to %1</translation>
    </message>
    <message>
        <source>Add an item, then type its value</source>
        <translation>Add an item, then type its value</translation>
    </message>
    <message>
        <source>Add an item (%1)</source>
        <translation>Add an item (%1)</translation>
    </message>
    <message>
        <source>Remove the selected item of %1</source>
        <translation>Remove the selected item of %1</translation>
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
        <source>Keys and quotas</source>
        <translation>Keys and quotas</translation>
    </message>
    <message>
        <source>Checks by hand</source>
        <translation>Checks by hand</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Restart service</source>
        <translation>&amp;Restart service</translation>
    </message>
    <message>
        <source>&amp;Close window</source>
        <translation>&amp;Close window</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;About ADES</source>
        <translation>&amp;About ADES</translation>
    </message>
    <message>
        <source>About ADES</source>
        <translation>About ADES</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ADES&lt;/b&gt; answers agents&apos; questions about companies, payments and documents, paid per call with x402, and signs every answer with a receipt.&lt;/p&gt;&lt;p&gt;This console watches the service on this computer: calls, receipts, lists and settings.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;ADES&lt;/b&gt; answers agents&apos; questions about companies, payments and documents, paid per call with x402, and signs every answer with a receipt.&lt;/p&gt;&lt;p&gt;This console watches the service on this computer: calls, receipts, lists and settings.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Pages</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
</context>
<context>
    <name>ades::ui::ManualCallsPage</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancel</translation>
    </message>
    <message>
        <source>Search operations</source>
        <translation>Search operations</translation>
    </message>
    <message>
        <source>Search by name or description…</source>
        <translation>Search by name or description…</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
    <message>
        <source>Input form</source>
        <translation>Input form</translation>
    </message>
    <message>
        <source>Run the operation</source>
        <translation>Run the operation</translation>
    </message>
    <message>
        <source>Stop waiting for the running operation</source>
        <translation>Stop waiting for the running operation</translation>
    </message>
    <message>
        <source>Operation running</source>
        <translation>Operation running</translation>
    </message>
    <message>
        <source>Choose an operation</source>
        <translation>Choose an operation</translation>
    </message>
    <message>
        <source>Every operation of this service can be run here by hand, free of charge. The call is logged as a console call and its result is signed like any other.</source>
        <translation>Every operation of this service can be run here by hand, free of charge. The call is logged as a console call and its result is signed like any other.</translation>
    </message>
    <message>
        <source>Not run: the input does not match the operation&apos;s schema.</source>
        <translation>Not run: the input does not match the operation&apos;s schema.</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>Running %1…</translation>
    </message>
    <message>
        <source>Cancelled. The operation may still finish in the background; the call log records it.</source>
        <translation>Cancelled. The operation may still finish in the background; the call log records it.</translation>
    </message>
    <message>
        <source>Runs the operation here, through the console channel: never charged, logged as &quot;console&quot; (Ctrl+Return)</source>
        <translation>Runs the operation here, through the console channel: never charged, logged as &quot;console&quot; (Ctrl+Return)</translation>
    </message>
</context>
<context>
    <name>ades::ui::NewKeyDialog</name>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>&amp;Copy to clipboard</translation>
    </message>
    <message>
        <source>API key %1…</source>
        <translation>API key %1…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Copy the key now.&lt;/b&gt; This is the only time it is shown: the service keeps only its hash and cannot show it again. Whoever holds it can spend its quota; revoke it if it leaks.</source>
        <translation>&lt;b&gt;Copy the key now.&lt;/b&gt; This is the only time it is shown: the service keeps only its hash and cannot show it again. Whoever holds it can spend its quota; revoke it if it leaks.</translation>
    </message>
    <message>
        <source>New API key</source>
        <translation>New API key</translation>
    </message>
    <message>
        <source>Copy the key to the clipboard</source>
        <translation>Copy the key to the clipboard</translation>
    </message>
    <message>
        <source>Clients send it in the X-API-Key header.</source>
        <translation>Clients send it in the X-API-Key header.</translation>
    </message>
    <message>
        <source>I have copied it</source>
        <translation>I have copied it</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
</context>
<context>
    <name>ades::ui::NumberField</name>
    <message>
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <source>Send %1</source>
        <translation>Send %1</translation>
    </message>
    <message>
        <source>Unchecked: the property is not sent and the operation decides</source>
        <translation>Unchecked: the property is not sent and the operation decides</translation>
    </message>
</context>
<context>
    <name>ades::ui::ObjectField</name>
    <message>
        <source>This operation takes no input.</source>
        <translation>This operation takes no input.</translation>
    </message>
</context>
<context>
    <name>ades::ui::OperationListModel</name>
    <message>
        <source>%1 USDC</source>
        <translation>%1 USDC</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API key</translation>
    </message>
    <message>
        <source>free</source>
        <translation>free</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Price elsewhere</source>
        <translation>Price elsewhere</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
</context>
<context>
    <name>ades::ui::PlanDialog</name>
    <message>
        <source>Plan and quota of %1…</source>
        <translation>Plan and quota of %1…</translation>
    </message>
    <message numerus="yes">
        <source>%1 has used %n call(s) so far. They stay counted; a quota below that refuses the key&apos;s next call.</source>
        <translation>
            <numerusform>%1 has used %n call so far. They stay counted; a quota below that refuses the key&apos;s next call.</numerusform>
            <numerusform>%1 has used %n calls so far. They stay counted; a quota below that refuses the key&apos;s next call.</numerusform>
        </translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <source>Apply the plan and quota</source>
        <translation>Apply the plan and quota</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>ades::ui::PlanQuotaFields</name>
    <message>
        <source>Unlimited</source>
        <translation>Unlimited</translation>
    </message>
    <message>
        <source>free</source>
        <translation>free</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>free: a limited number of calls in total; full: every operation, usually without a limit</source>
        <translation>free: a limited number of calls in total; full: every operation, usually without a limit</translation>
    </message>
    <message>
        <source> calls</source>
        <translation> calls</translation>
    </message>
    <message>
        <source>Call quota</source>
        <translation>Call quota</translation>
    </message>
    <message>
        <source>Calls the key may make in total; a call past the quota is refused with 429</source>
        <translation>Calls the key may make in total; a call past the quota is refused with 429</translation>
    </message>
    <message>
        <source>Unlimited calls</source>
        <translation>Unlimited calls</translation>
    </message>
    <message>
        <source>&amp;Plan:</source>
        <translation>&amp;Plan:</translation>
    </message>
    <message>
        <source>&amp;Quota:</source>
        <translation>&amp;Quota:</translation>
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
    <name>ades::ui::SchemaForm</name>
    <message>
        <source>Input error</source>
        <translation>Input error</translation>
    </message>
</context>
<context>
    <name>ades::ui::SettingField</name>
    <message>
        <source>Default (on)</source>
        <translation>Default (on)</translation>
    </message>
    <message>
        <source>Default (off)</source>
        <translation>Default (off)</translation>
    </message>
    <message>
        <source>On</source>
        <translation>On</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Off</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>not set</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>default: %1</translation>
    </message>
    <message>
        <source>Must be a whole number from %1 to %2</source>
        <translation>Must be a whole number from %1 to %2</translation>
    </message>
    <message>
        <source>Must be on or off</source>
        <translation>Must be on or off</translation>
    </message>
    <message>
        <source>Not an http:// or https:// URL</source>
        <translation>Not an http:// or https:// URL</translation>
    </message>
    <message>
        <source>Not accepted as %1: %2</source>
        <translation>Not accepted as %1: %2</translation>
    </message>
    <message>
        <source>Set by the environment variable %1, which wins over ades.ini</source>
        <translation>Set by the environment variable %1, which wins over ades.ini</translation>
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
        <source>%1 (testnet)</source>
        <translation>%1 (testnet)</translation>
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
        <source>Saved — restart ADES to apply</source>
        <translation>Saved — restart ADES to apply</translation>
    </message>
    <message>
        <source>Could not write %1 in %2</source>
        <translation>Could not write %1 in %2</translation>
    </message>
    <message>
        <source>The new issuer key signs after a restart.</source>
        <translation>The new issuer key signs after a restart.</translation>
    </message>
    <message>
        <source>Find a setting</source>
        <translation>Find a setting</translation>
    </message>
    <message>
        <source>Save the settings</source>
        <translation>Save the settings</translation>
    </message>
    <message>
        <source>Accept payments on %1</source>
        <translation>Accept payments on %1</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Data folder</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Open the data folder</source>
        <translation>Open the data folder</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Change…</translation>
    </message>
    <message>
        <source>Choose another data folder</source>
        <translation>Choose another data folder</translation>
    </message>
    <message>
        <source>The console opens %1 after a restart (--data-dir still wins).</source>
        <translation>The console opens %1 after a restart (--data-dir still wins).</translation>
    </message>
    <message>
        <source>Nothing changed</source>
        <translation>Nothing changed</translation>
    </message>
    <message>
        <source>Needs a restart: %1</source>
        <translation>Needs a restart: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::TextField</name>
    <message>
        <source>e.g. %1</source>
        <translation>e.g. %1</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>YYYY-MM-DD</translation>
    </message>
    <message>
        <source>YYYY-MM-DDThh:mm:ssZ</source>
        <translation>YYYY-MM-DDThh:mm:ssZ</translation>
    </message>
    <message>
        <source>hh:mm:ss</source>
        <translation>hh:mm:ss</translation>
    </message>
    <message>
        <source>name@example.com</source>
        <translation>name@example.com</translation>
    </message>
    <message>
        <source>https://…</source>
        <translation>https://…</translation>
    </message>
    <message>
        <source>Format: %1</source>
        <translation>Format: %1</translation>
    </message>
    <message>
        <source>Pattern: %1</source>
        <translation>Pattern: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::TrayIcon</name>
    <message>
        <source>Show console</source>
        <translation>Show console</translation>
    </message>
    <message>
        <source>Quit ADES</source>
        <translation>Quit ADES</translation>
    </message>
    <message>
        <source>Serving on port %1</source>
        <translation>Serving on port %1</translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation>Not serving: %1</translation>
    </message>
    <message>
        <source>Service stopped</source>
        <translation>Service stopped</translation>
    </message>
    <message>
        <source>Service not started</source>
        <translation>Service not started</translation>
    </message>
    <message>
        <source>ADES keeps serving</source>
        <translation>ADES keeps serving</translation>
    </message>
    <message>
        <source>The console is in the tray. Quit it from the tray menu or with File &gt; Quit.</source>
        <translation>The console is in the tray. Quit it from the tray menu or with File &gt; Quit.</translation>
    </message>
    <message>
        <source>Revenue today: %1 USDC (since %2)</source>
        <translation>Revenue today: %1 USDC (since %2)</translation>
    </message>
    <message>
        <source>ADES</source>
        <translation>ADES</translation>
    </message>
</context>
<context>
    <name>ades::ui::UpstreamSettingsBox</name>
    <message>
        <source>Upstream sources</source>
        <translation>Upstream sources</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Base URL</translation>
    </message>
    <message>
        <source>Timeout (ms)</source>
        <translation>Timeout (ms)</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API key</translation>
    </message>
    <message>
        <source>Base URL of %1</source>
        <translation>Base URL of %1</translation>
    </message>
    <message>
        <source>Timeout of %1 in milliseconds</source>
        <translation>Timeout of %1 in milliseconds</translation>
    </message>
    <message>
        <source>API key of %1</source>
        <translation>API key of %1</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Test connection</translation>
    </message>
    <message>
        <source>Test the connection to %1</source>
        <translation>Test the connection to %1</translation>
    </message>
    <message>
        <source>Asks the base URL once with this timeout; any HTTP answer means it is reachable. Nothing is saved.</source>
        <translation>Asks the base URL once with this timeout; any HTTP answer means it is reachable. Nothing is saved.</translation>
    </message>
    <message>
        <source>Correct the fields first.</source>
        <translation>Correct the fields first.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Testing…</translation>
    </message>
    <message>
        <source>Reachable: HTTP %1 after %2 ms</source>
        <translation>Reachable: HTTP %1 after %2 ms</translation>
    </message>
    <message>
        <source>Not reachable after %1 ms: %2</source>
        <translation>Not reachable after %1 ms: %2</translation>
    </message>
</context>
</TS>
