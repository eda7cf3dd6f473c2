<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>ades</name>
    <message>
        <source>ADES cannot start</source>
        <translation>ADES kann nicht starten</translation>
    </message>
    <message>
        <source>The listen address must read HOST:PORT, not &apos;%1&apos;.</source>
        <translation>Die Adresse zum Lauschen muss HOST:PORT lauten, nicht &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>ades::ui::CallDetailPane</name>
    <message>
        <source>Selected call</source>
        <translation>Gewählter Aufruf</translation>
    </message>
    <message>
        <source>Call detail</source>
        <translation>Aufrufdetails</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Receipt verdict</source>
        <translation>Ergebnis der Quittungsprüfung</translation>
    </message>
    <message>
        <source>Receipt summary</source>
        <translation>Zusammenfassung der Quittung</translation>
    </message>
    <message>
        <source>Receipt problems</source>
        <translation>Probleme der Quittung</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Quittung</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>Payer</source>
        <translation>Zahler</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaktion</translation>
    </message>
    <message>
        <source>Explorer link</source>
        <translation>Explorer-Link</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the transaction hash</source>
        <translation>Transaktions-Hash kopieren</translation>
    </message>
    <message>
        <source>Copy the transaction hash to the clipboard</source>
        <translation>Den Transaktions-Hash in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Network:</source>
        <translation>Netzwerk:</translation>
    </message>
    <message>
        <source>Payer:</source>
        <translation>Zahler:</translation>
    </message>
    <message>
        <source>Amount:</source>
        <translation>Betrag:</translation>
    </message>
    <message>
        <source>Transaction:</source>
        <translation>Transaktion:</translation>
    </message>
    <message>
        <source>Explorer:</source>
        <translation>Explorer:</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>Abrechnung</translation>
    </message>
    <message>
        <source>Upstream sources</source>
        <translation>Upstream-Quellen</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Select a call to see its request, answer, receipt and settlement.</source>
        <translation>Wählen Sie einen Aufruf, um Anfrage, Antwort, Quittung und Abrechnung zu sehen.</translation>
    </message>
    <message>
        <source>%1 %2 → %3 (%4, %5 ms)</source>
        <translation>%1 %2 → %3 (%4, %5 ms)</translation>
    </message>
    <message>
        <source>This request is not in the call log: requests that name no caller and deliver nothing are only counted.</source>
        <translation>Diese Anfrage steht nicht im Aufrufprotokoll: Anfragen ohne Aufrufer und ohne Ergebnis werden nur gezählt.</translation>
    </message>
    <message>
        <source>No receipt</source>
        <translation>Keine Quittung</translation>
    </message>
    <message>
        <source>Reading the call log…</source>
        <translation>Aufrufprotokoll wird gelesen …</translation>
    </message>
    <message>
        <source>This call is no longer in the call log (older entries are purged after store/call_log_days).</source>
        <translation>Dieser Aufruf steht nicht mehr im Aufrufprotokoll (ältere Einträge werden nach store/call_log_days gelöscht).</translation>
    </message>
    <message>
        <source>Operation: %1</source>
        <translation>Operation: %1</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>Headers (secrets masked):</source>
        <translation>Header (Geheimnisse maskiert):</translation>
    </message>
    <message>
        <source>Body (%1 bytes):</source>
        <translation>Inhalt (%1 Bytes):</translation>
    </message>
    <message>
        <source>Status %1</source>
        <translation>Status %1</translation>
    </message>
    <message>
        <source>(cut: the call log keeps the first %1 of %2 bytes)</source>
        <translation>(gekürzt: das Aufrufprotokoll behält die ersten %1 von %2 Bytes)</translation>
    </message>
    <message>
        <source>Not checked</source>
        <translation>Nicht geprüft</translation>
    </message>
    <message>
        <source>The call log keeps only the first %1 of this answer; its receipt can be checked on the receipts page from the full result.</source>
        <translation>Das Aufrufprotokoll behält nur die ersten %1 dieser Antwort; ihre Quittung lässt sich auf der Seite „Quittungen“ mit dem vollständigen Ergebnis prüfen.</translation>
    </message>
    <message>
        <source>The answer had no body.</source>
        <translation>Die Antwort hatte keinen Inhalt.</translation>
    </message>
    <message>
        <source>No settlement: the call was not paid with x402.</source>
        <translation>Keine Abrechnung: der Aufruf wurde nicht mit x402 bezahlt.</translation>
    </message>
    <message>
        <source>unknown network</source>
        <translation>unbekanntes Netzwerk</translation>
    </message>
    <message>
        <source>%1 USDC</source>
        <translation>%1 USDC</translation>
    </message>
    <message>
        <source>No explorer is known for this network.</source>
        <translation>Für dieses Netzwerk ist kein Explorer bekannt.</translation>
    </message>
    <message>
        <source>No upstream source: the answer was computed here.</source>
        <translation>Keine Upstream-Quelle: die Antwort wurde hier berechnet.</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
</context>
<context>
    <name>ades::ui::CallLogModel</name>
    <message>
        <source>free</source>
        <translation>kostenlos</translation>
    </message>
    <message>
        <source>%1
Operation: %2</source>
        <translation>%1
Operation: %2</translation>
    </message>
    <message>
        <source>%1 USDC charged</source>
        <translation>%1 USDC berechnet</translation>
    </message>
    <message>
        <source>Not charged</source>
        <translation>Nicht berechnet</translation>
    </message>
    <message>
        <source>%1
Request: %2</source>
        <translation>%1
Anfrage: %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Path / tool</source>
        <translation>Pfad / Werkzeug</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Price (USDC)</source>
        <translation>Preis (USDC)</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>Latenz (ms)</translation>
    </message>
    <message>
        <source>Key or payer</source>
        <translation>Schlüssel oder Zahler</translation>
    </message>
    <message>
        <source>Settlement transaction %1</source>
        <translation>Abrechnungstransaktion %1</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaktion</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>Tarif</translation>
    </message>
    <message>
        <source>Counted against the API key&apos;s plan</source>
        <translation>Auf den Tarif des API-Schlüssels angerechnet</translation>
    </message>
</context>
<context>
    <name>ades::ui::DashboardPage</name>
    <message>
        <source>Time window</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Revenue (USDC)</source>
        <translation>Umsatz (USDC)</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latenz p50</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latenz p99</translation>
    </message>
    <message>
        <source>Calls per minute by channel</source>
        <translation>Aufrufe pro Minute nach Kanal</translation>
    </message>
    <message>
        <source>calls/min</source>
        <translation>Aufrufe/min</translation>
    </message>
    <message>
        <source>Errors by status</source>
        <translation>Fehler nach Status</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>Paid calls</source>
        <translation>Bezahlte Aufrufe</translation>
    </message>
    <message>
        <source>USDC</source>
        <translation>USDC</translation>
    </message>
    <message>
        <source>Revenue per network</source>
        <translation>Umsatz pro Netzwerk</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Revenue per operation</source>
        <translation>Umsatz pro Operation</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Last success</source>
        <translation>Letzter Erfolg</translation>
    </message>
    <message>
        <source>Last failure</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Upstream sources</source>
        <translation>Upstream-Quellen</translation>
    </message>
    <message>
        <source>Upstream sources (since the service started)</source>
        <translation>Upstream-Quellen (seit dem Start des Dienstes)</translation>
    </message>
    <message>
        <source>Sanctions list ages</source>
        <translation>Alter der Sanktionslisten</translation>
    </message>
    <message>
        <source>Sanctions lists</source>
        <translation>Sanktionslisten</translation>
    </message>
    <message>
        <source>Payment facilitator</source>
        <translation>Zahlungs-Facilitator</translation>
    </message>
    <message>
        <source>Reading the call log…</source>
        <translation>Aufrufprotokoll wird gelesen …</translation>
    </message>
    <message>
        <source>in the last hour</source>
        <translation>in der letzten Stunde</translation>
    </message>
    <message>
        <source>in the last 24 hours</source>
        <translation>in den letzten 24 Stunden</translation>
    </message>
    <message>
        <source>in the last 30 days</source>
        <translation>in den letzten 30 Tagen</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Half of the calls %1 were answered at least this fast</source>
        <translation>Die Hälfte der Aufrufe %1 wurde mindestens so schnell beantwortet</translation>
    </message>
    <message>
        <source>99 of 100 calls %1 were answered at least this fast</source>
        <translation>99 von 100 Aufrufen %1 wurden mindestens so schnell beantwortet</translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation>Aktualisiert %1</translation>
    </message>
    <message>
        <source>No calls %1. Calls appear here as the service answers them.</source>
        <translation>Keine Aufrufe %1. Aufrufe erscheinen hier, sobald der Dienst sie beantwortet.</translation>
    </message>
    <message>
        <source>No calls %1, so no errors.</source>
        <translation>Keine Aufrufe %1, also keine Fehler.</translation>
    </message>
    <message>
        <source>No errors %1.</source>
        <translation>Keine Fehler %1.</translation>
    </message>
    <message>
        <source>No paid calls %1</source>
        <translation>Keine bezahlten Aufrufe %1</translation>
    </message>
    <message>
        <source>unknown network</source>
        <translation>unbekanntes Netzwerk</translation>
    </message>
    <message>
        <source>unknown operation</source>
        <translation>unbekannte Operation</translation>
    </message>
    <message>
        <source>none since start</source>
        <translation>keiner seit dem Start</translation>
    </message>
    <message>
        <source>No upstream sources are configured.</source>
        <translation>Keine Upstream-Quellen konfiguriert.</translation>
    </message>
    <message>
        <source>No sanctions lists are served.</source>
        <translation>Es werden keine Sanktionslisten bereitgestellt.</translation>
    </message>
    <message>
        <source>%1: not loaded</source>
        <translation>%1: nicht geladen</translation>
    </message>
    <message>
        <source>%1: loaded, date unknown</source>
        <translation>%1: geladen, Datum unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n day(s) old (generated %2)</source>
        <translation>
            <numerusform>%1: %n Tag alt (erstellt %2)</numerusform>
            <numerusform>%1: %n Tage alt (erstellt %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>last refresh failed: %1</source>
        <translation>letzte Aktualisierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>No facilitator is configured: paid x402 calls cannot be settled.</source>
        <translation>Kein Facilitator konfiguriert: bezahlte x402-Aufrufe können nicht abgerechnet werden.</translation>
    </message>
    <message>
        <source>Not contacted since the service started (it is asked when a payment arrives).</source>
        <translation>Seit dem Start des Dienstes nicht kontaktiert (er wird gefragt, wenn eine Zahlung eintrifft).</translation>
    </message>
    <message>
        <source>Unreachable since %1: %2</source>
        <translation>Nicht erreichbar seit %1: %2</translation>
    </message>
    <message>
        <source>Reachable: last answer at %1</source>
        <translation>Erreichbar: letzte Antwort um %1</translation>
    </message>
    <message>
        <source>Payment networks: %1</source>
        <translation>Zahlungsnetzwerke: %1</translation>
    </message>
    <message>
        <source>Check now</source>
        <translation>Jetzt prüfen</translation>
    </message>
    <message>
        <source>Check the payment facilitator now</source>
        <translation>Den Zahlungs-Facilitator jetzt prüfen</translation>
    </message>
    <message>
        <source>Ask the facilitator&apos;s /supported now; otherwise it is asked only when a payment arrives</source>
        <translation>Jetzt /supported beim Facilitator abfragen; sonst wird er nur gefragt, wenn eine Zahlung eintrifft</translation>
    </message>
    <message>
        <source>Asking the facilitator…</source>
        <translation>Facilitator wird gefragt …</translation>
    </message>
</context>
<context>
    <name>ades::ui::LiveCallsPage</name>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Filter by channel, path, status, key or payer…</source>
        <translation>Nach Kanal, Pfad, Status, Schlüssel oder Zahler filtern…</translation>
    </message>
    <message>
        <source>Hold new calls back while you read; they appear when you resume</source>
        <translation>Neue Aufrufe beim Lesen zurückhalten; sie erscheinen beim Fortsetzen</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n Aufruf</numerusform>
            <numerusform>%n Aufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n call(s)</source>
        <translation>
            <numerusform>%1 von %n Aufruf</numerusform>
            <numerusform>%1 von %n Aufrufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n held while paused</source>
        <translation>
            <numerusform>%1 · %n während der Pause zurückgehalten</numerusform>
            <numerusform>%1 · %n während der Pause zurückgehalten</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown network</source>
        <translation>unbekanntes Netzwerk</translation>
    </message>
    <message>
        <source>Revenue: none yet</source>
        <translation>Einnahmen: noch keine</translation>
    </message>
    <message>
        <source>%1 %2 USDC</source>
        <translation>%1 %2 USDC</translation>
    </message>
    <message>
        <source>Revenue: %1</source>
        <translation>Einnahmen: %1</translation>
    </message>
    <message>
        <source>Settled x402 payments per network, from the ledger and the calls since start</source>
        <translation>Abgerechnete x402-Zahlungen je Netzwerk, aus dem Zahlungsbuch und den Aufrufen seit dem Start</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren …</translation>
    </message>
    <message>
        <source>Filter the shown calls</source>
        <translation>Angezeigte Aufrufe filtern</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>All channels</source>
        <translation>Alle Kanäle</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>All operations</source>
        <translation>Alle Operationen</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Success (2xx)</source>
        <translation>Erfolg (2xx)</translation>
    </message>
    <message>
        <source>Payment required (402)</source>
        <translation>Zahlung erforderlich (402)</translation>
    </message>
    <message>
        <source>Client errors (4xx)</source>
        <translation>Client-Fehler (4xx)</translation>
    </message>
    <message>
        <source>Server errors (5xx)</source>
        <translation>Server-Fehler (5xx)</translation>
    </message>
    <message>
        <source>Key or payer</source>
        <translation>Schlüssel oder Zahler</translation>
    </message>
    <message>
        <source>Key or payer…</source>
        <translation>Schlüssel oder Zahler …</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Jederzeit</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Export the shown calls as CSV</source>
        <translation>Die angezeigten Aufrufe als CSV exportieren</translation>
    </message>
    <message>
        <source>Save the calls shown, after every filter, as a CSV file</source>
        <translation>Die angezeigten Aufrufe (nach allen Filtern) als CSV-Datei speichern</translation>
    </message>
    <message>
        <source>Pause the live list</source>
        <translation>Die Live-Liste anhalten</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>The calls could not be written to %1: %2</source>
        <translation>Die Aufrufe konnten nicht nach %1 geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export calls as CSV</source>
        <translation>Aufrufe als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
</context>
<context>
    <name>ades::ui::MainWindow</name>
    <message>
        <source>ADES Console</source>
        <translation>ADES-Konsole</translation>
    </message>
    <message>
        <source>Live calls</source>
        <translation>Live-Aufrufe</translation>
    </message>
    <message>
        <source>Receipts</source>
        <translation>Quittungen</translation>
    </message>
    <message>
        <source>Service not started</source>
        <translation>Dienst nicht gestartet</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Listening on port %1</source>
        <translation>Lauscht auf Port %1</translation>
    </message>
    <message>
        <source>Listening on %1:%2</source>
        <translation>Lauscht auf %1:%2</translation>
    </message>
    <message>
        <source>Service not running: %1</source>
        <translation>Dienst läuft nicht: %1</translation>
    </message>
    <message>
        <source>Service stopped</source>
        <translation>Dienst beendet</translation>
    </message>
    <message>
        <source>No issuer key</source>
        <translation>Kein Ausstellerschlüssel</translation>
    </message>
    <message>
        <source>Issuer %1</source>
        <translation>Aussteller %1</translation>
    </message>
    <message>
        <source>Receipts from this service are signed by this address</source>
        <translation>Quittungen dieses Dienstes werden mit dieser Adresse signiert</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Sanctions lists</source>
        <translation>Sanktionslisten</translation>
    </message>
    <message>
        <source>Database %1</source>
        <translation>Datenbank %1</translation>
    </message>
    <message>
        <source>Space the store takes on disk: the database, its write-ahead log and the delivery journal. Old call log entries and receipts are purged hourly (store/call_log_days, store/receipt_days).</source>
        <translation>Belegter Platz auf dem Datenträger: die Datenbank, ihr Write-Ahead-Log und das Journal der Zustellungen. Alte Einträge des Aufrufprotokolls und Quittungen werden stündlich gelöscht (store/call_log_days, store/receipt_days).</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
</context>
<context>
    <name>ades::ui::ReceiptCheck</name>
    <message>
        <source>Not a receipt</source>
        <translation>Keine Quittung</translation>
    </message>
    <message>
        <source>The input is not a JSON result carrying a receipt.</source>
        <translation>Die Eingabe ist kein JSON-Ergebnis mit Quittung.</translation>
    </message>
    <message>
        <source>Valid receipt</source>
        <translation>Gültige Quittung</translation>
    </message>
    <message>
        <source>Authentic and unaltered, but past its validity period.</source>
        <translation>Echt und unverändert, aber nicht mehr im Gültigkeitszeitraum.</translation>
    </message>
    <message>
        <source>The result is unaltered and the signature matches the issuer.</source>
        <translation>Das Ergebnis ist unverändert und die Signatur passt zum Aussteller.</translation>
    </message>
    <message>
        <source>Invalid receipt</source>
        <translation>Ungültige Quittung</translation>
    </message>
    <message>
        <source>Do not rely on this result: see the problems below.</source>
        <translation>Verlassen Sie sich nicht auf dieses Ergebnis: siehe die Probleme unten.</translation>
    </message>
    <message>
        <source>The input is not valid JSON.</source>
        <translation>Die Eingabe ist kein gültiges JSON.</translation>
    </message>
    <message>
        <source>The input is not a JSON object.</source>
        <translation>Die Eingabe ist kein JSON-Objekt.</translation>
    </message>
    <message>
        <source>The result carries no receipt.</source>
        <translation>Das Ergebnis enthält keine Quittung.</translation>
    </message>
    <message>
        <source>The receipt is not a JSON object.</source>
        <translation>Die Quittung ist kein JSON-Objekt.</translation>
    </message>
    <message>
        <source>The receipt and extensions.delivery-receipt are not the same.</source>
        <translation>Die Quittung und extensions.delivery-receipt stimmen nicht überein.</translation>
    </message>
    <message>
        <source>The receipt names a standard this service does not know.</source>
        <translation>Die Quittung nennt einen Standard, den dieser Dienst nicht kennt.</translation>
    </message>
    <message>
        <source>The result was changed after it was signed.</source>
        <translation>Das Ergebnis wurde nach dem Signieren verändert.</translation>
    </message>
    <message>
        <source>The signed message does not match the other receipt fields.</source>
        <translation>Die signierte Nachricht passt nicht zu den übrigen Feldern der Quittung.</translation>
    </message>
    <message>
        <source>The signature is malformed or recovers to no key.</source>
        <translation>Die Signatur ist fehlerhaft oder führt zu keinem Schlüssel.</translation>
    </message>
    <message>
        <source>The signature was made by a different key than the issuer.</source>
        <translation>Die Signatur stammt von einem anderen Schlüssel als dem des Ausstellers.</translation>
    </message>
    <message>
        <source>The issuer key does not belong to the issuer address.</source>
        <translation>Der Ausstellerschlüssel gehört nicht zur Ausstelleradresse.</translation>
    </message>
    <message>
        <source>The key id does not name the issuer.</source>
        <translation>Die Schlüssel-ID nennt nicht den Aussteller.</translation>
    </message>
    <message>
        <source>The receipt expires before it was issued.</source>
        <translation>Die Quittung läuft ab, bevor sie ausgestellt wurde.</translation>
    </message>
    <message>
        <source>The signature does not end in 27 or 28, as EIP-191 receipts are signed.</source>
        <translation>Die Signatur endet nicht auf 27 oder 28, wie EIP-191-Quittungen signiert werden.</translation>
    </message>
    <message>
        <source>The field %1 is missing or not a string.</source>
        <translation>Das Feld %1 fehlt oder ist keine Zeichenkette.</translation>
    </message>
    <message>
        <source>The field %1 is not an ISO 8601 date-time with a time zone.</source>
        <translation>Das Feld %1 ist kein ISO-8601-Zeitpunkt mit Zeitzone.</translation>
    </message>
    <message>
        <source>The receipt has a field %1 that its standard does not define; nothing signs it.</source>
        <translation>Die Quittung hat ein Feld %1, das ihr Standard nicht kennt; nichts signiert es.</translation>
    </message>
    <message>
        <source>The JSON repeats the name at %1; readers disagree on which value counts.</source>
        <translation>Das JSON wiederholt den Namen bei %1; Leser sind uneins, welcher Wert gilt.</translation>
    </message>
</context>
<context>
    <name>ades::ui::ReceiptsPage</name>
    <message>
        <source>Open file…</source>
        <translation>Datei öffnen…</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Einfügen</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Drop a result JSON file anywhere on this page, open one, or paste it below.</source>
        <translation>Legen Sie eine JSON-Ergebnisdatei irgendwo auf dieser Seite ab, öffnen Sie eine oder fügen Sie sie unten ein.</translation>
    </message>
    <message>
        <source>Paste the complete JSON result, including its &quot;receipt&quot; member.</source>
        <translation>Fügen Sie das vollständige JSON-Ergebnis ein, einschließlich seines Felds „receipt“.</translation>
    </message>
    <message>
        <source>Paste JSON from the clipboard and verify it</source>
        <translation>JSON aus der Zwischenablage einfügen und prüfen</translation>
    </message>
    <message>
        <source>Verify the JSON in the editor</source>
        <translation>Das JSON im Editor prüfen</translation>
    </message>
    <message>
        <source>Standard:</source>
        <translation>Standard:</translation>
    </message>
    <message>
        <source>Recovered issuer:</source>
        <translation>Ermittelter Aussteller:</translation>
    </message>
    <message>
        <source>Issued by this service:</source>
        <translation>Von diesem Dienst ausgestellt:</translation>
    </message>
    <message>
        <source>Valid until:</source>
        <translation>Gültig bis:</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>the file is larger than %1 MiB</source>
        <translation>die Datei ist größer als %1 MiB</translation>
    </message>
    <message>
        <source>Verified %1 (%2)</source>
        <translation>%1 geprüft (%2)</translation>
    </message>
    <message>
        <source>Open a result with its receipt</source>
        <translation>Ergebnis mit Quittung öffnen</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The clipboard holds no text.</source>
        <translation>Die Zwischenablage enthält keinen Text.</translation>
    </message>
    <message>
        <source>Verified the text in the editor</source>
        <translation>Text im Editor geprüft</translation>
    </message>
    <message>
        <source>Verified dropped text</source>
        <translation>Abgelegten Text geprüft</translation>
    </message>
    <message>
        <source>Not a receipt</source>
        <translation>Keine Quittung</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>could not be recovered</source>
        <translation>konnte nicht ermittelt werden</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>No (this service signs as %1)</source>
        <translation>Nein (dieser Dienst signiert als %1)</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>%1 (expired)</source>
        <translation>%1 (abgelaufen)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>No receipt checked yet</source>
        <translation>Noch keine Quittung geprüft</translation>
    </message>
    <message>
        <source>The check is the same as POST /verify: result hash, signed message and signature.</source>
        <translation>Die Prüfung entspricht POST /verify: Ergebnis-Hash, signierte Nachricht und Signatur.</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(fehlt)</translation>
    </message>
</context>
<context>
    <name>ades::ui::SanctionsPage</name>
    <message>
        <source>Import list files…</source>
        <translation>Listendateien importieren …</translation>
    </message>
    <message>
        <source>List</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Geladen</translation>
    </message>
    <message>
        <source>Generation date</source>
        <translation>Erstellungsdatum</translation>
    </message>
    <message>
        <source>Last download</source>
        <translation>Letzter Download</translation>
    </message>
    <message>
        <source>Official EU, UN or UK list files (XML, CSV) or the combined JSONL snapshot</source>
        <translation>Offizielle Listendateien der EU, der UN oder des Vereinigten Königreichs (XML, CSV) oder der kombinierte JSONL-Schnappschuss</translation>
    </message>
    <message>
        <source>Screening uses the lists below. Downloads that fail or look wrong keep the previous list.</source>
        <translation>Die Prüfung verwendet die folgenden Listen. Schlägt ein Download fehl oder wirkt er fehlerhaft, bleibt die bisherige Liste in Gebrauch.</translation>
    </message>
    <message>
        <source>Imported: %1 entries indexed.</source>
        <translation>Importiert: %1 Einträge indiziert.</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Nicht importiert: %1</translation>
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
        <translation>Vereinigtes Königreich</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>noch nicht</translation>
    </message>
    <message>
        <source>%1: accepted</source>
        <translation>%1: übernommen</translation>
    </message>
    <message>
        <source>%1: kept the previous list (%2)</source>
        <translation>%1: bisherige Liste beibehalten (%2)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Import sanctions lists</source>
        <translation>Sanktionslisten importieren</translation>
    </message>
    <message>
        <source>Sanctions lists (*.xml *.csv *.jsonl *.gz);;All files (*)</source>
        <translation>Sanktionslisten (*.xml *.csv *.jsonl *.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Wird importiert …</translation>
    </message>
    <message>
        <source>Not imported: this service has no sanctions area.</source>
        <translation>Nicht importiert: Dieser Dienst hat keinen Sanktionsbereich.</translation>
    </message>
</context>
<context>
    <name>ades::ui::SettingsPage</name>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Restart ADES</source>
        <translation>ADES neu starten</translation>
    </message>
    <message>
        <source>x402 payments</source>
        <translation>x402-Zahlungen</translation>
    </message>
    <message>
        <source>EVM receiving address</source>
        <translation>EVM-Empfangsadresse</translation>
    </message>
    <message>
        <source>0x followed by 40 hex digits</source>
        <translation>0x gefolgt von 40 Hex-Ziffern</translation>
    </message>
    <message>
        <source>Solana receiving address</source>
        <translation>Solana-Empfangsadresse</translation>
    </message>
    <message>
        <source>base58, 32 to 44 characters</source>
        <translation>Base58, 32 bis 44 Zeichen</translation>
    </message>
    <message>
        <source>%1 (testnet)</source>
        <translation>%1 (Testnetz)</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>Netzwerke</translation>
    </message>
    <message>
        <source>Facilitator URL</source>
        <translation>Facilitator-URL</translation>
    </message>
    <message>
        <source>VIES</source>
        <translation>VIES</translation>
    </message>
    <message>
        <source>VIES URL</source>
        <translation>VIES-URL</translation>
    </message>
    <message>
        <source>empty: VIES unreachable</source>
        <translation>leer: VIES nicht erreichbar</translation>
    </message>
    <message>
        <source>Your VAT ID</source>
        <translation>Ihre USt-IdNr.</translation>
    </message>
    <message>
        <source>e.g. DE123456789</source>
        <translation>z. B. DE123456789</translation>
    </message>
    <message>
        <source>Quit ADES and start it again, so that the saved settings apply</source>
        <translation>ADES beenden und erneut starten, damit die gespeicherten Einstellungen gelten</translation>
    </message>
    <message>
        <source>Saved to %1 in the data folder %2.</source>
        <translation>Gespeichert in %1 im Datenordner %2.</translation>
    </message>
    <message>
        <source>Not an EVM address: 0x followed by 40 hex digits</source>
        <translation>Keine EVM-Adresse: 0x gefolgt von 40 Hex-Ziffern</translation>
    </message>
    <message>
        <source>Not a Solana address: 32 to 44 base58 characters</source>
        <translation>Keine Solana-Adresse: 32 bis 44 Base58-Zeichen</translation>
    </message>
    <message>
        <source>Not an http:// or https:// URL</source>
        <translation>Keine http://- oder https://-URL</translation>
    </message>
    <message>
        <source>Saved — restart ADES to apply</source>
        <translation>Gespeichert — ADES neu starten, um die Änderungen zu übernehmen</translation>
    </message>
    <message>
        <source>Could not write %1 in %2</source>
        <translation>%1 in %2 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Not accepted: %1</source>
        <translation>Nicht zulässig: %1</translation>
    </message>
    <message>
        <source>Not a valid VAT ID: check the country prefix and the digits</source>
        <translation>Keine gültige USt-IdNr.: Länderpräfix und Ziffern prüfen</translation>
    </message>
</context>
</TS>
