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
        <source>The field %1 is missing or not a string.</source>
        <translation>The field %1 is missing or not a string.</translation>
    </message>
    <message>
        <source>The field %1 is not an ISO 8601 date-time with a time zone.</source>
        <translation>The field %1 is not an ISO 8601 date-time with a time zone.</translation>
    </message>
    <message>
        <source>The signature does not end in 27 or 28, as EIP-191 receipts are signed.</source>
        <translation>The signature does not end in 27 or 28, as EIP-191 receipts are signed.</translation>
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
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid VAT ID: check the country prefix and the digits</source>
        <translation type="unfinished"></translation>
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
</TS>
