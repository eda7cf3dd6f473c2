<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>SettingLabels</name>
    <message>
        <source>Listen address (HOST:PORT)</source>
        <translation>Lauschadresse (HOST:PORT)</translation>
    </message>
    <message>
        <source>Public URL</source>
        <translation>Öffentliche URL</translation>
    </message>
    <message>
        <source>Service name in receipts</source>
        <translation>Dienstname in Quittungen</translation>
    </message>
    <message>
        <source>Issuer display name</source>
        <translation>Anzeigename des Ausstellers</translation>
    </message>
    <message>
        <source>Issuer key file</source>
        <translation>Datei des Ausstellerschlüssels</translation>
    </message>
    <message>
        <source>Receipt validity (days)</source>
        <translation>Gültigkeit der Quittungen (Tage)</translation>
    </message>
    <message>
        <source>EVM receiving address</source>
        <translation>EVM-Empfangsadresse</translation>
    </message>
    <message>
        <source>Solana receiving address</source>
        <translation>Solana-Empfangsadresse</translation>
    </message>
    <message>
        <source>Solana fee payer (facilitator)</source>
        <translation>Solana-Gebührenzahler (Facilitator)</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>Netzwerke</translation>
    </message>
    <message>
        <source>Payment timeout (seconds)</source>
        <translation>Zahlungsfrist (Sekunden)</translation>
    </message>
    <message>
        <source>Free calls per address and day</source>
        <translation>Kostenlose Aufrufe je Adresse und Tag</translation>
    </message>
    <message>
        <source>Free input checks per address and day</source>
        <translation>Kostenlose Eingabeprüfungen je Adresse und Tag</translation>
    </message>
    <message>
        <source>Gateway secret (SHA-256)</source>
        <translation>Gateway-Geheimnis (SHA-256)</translation>
    </message>
    <message>
        <source>Gateway name</source>
        <translation>Gateway-Name</translation>
    </message>
    <message>
        <source>Keep the call log (days)</source>
        <translation>Aufrufprotokoll aufbewahren (Tage)</translation>
    </message>
    <message>
        <source>Keep receipts (days)</source>
        <translation>Quittungen aufbewahren (Tage)</translation>
    </message>
    <message>
        <source>Your VAT ID</source>
        <translation>Ihre USt-IdNr.</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Dienst</translation>
    </message>
    <message>
        <source>Payments (x402)</source>
        <translation>Zahlungen (x402)</translation>
    </message>
    <message>
        <source>Free tier and quotas</source>
        <translation>Kostenloses Kontingent und Quoten</translation>
    </message>
    <message>
        <source>Issuer</source>
        <translation>Aussteller</translation>
    </message>
    <message>
        <source>Receipts</source>
        <translation>Quittungen</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <source>Data retention</source>
        <translation>Aufbewahrung</translation>
    </message>
    <message>
        <source>HTTP limits</source>
        <translation>HTTP-Grenzen</translation>
    </message>
    <message>
        <source>MCP endpoint</source>
        <translation>MCP-Endpunkt</translation>
    </message>
    <message>
        <source>Area: %1</source>
        <translation>Bereich: %1</translation>
    </message>
</context>
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
    <name>ades::ui::BackupPassphraseDialog</name>
    <message>
        <source>Back up the issuer key</source>
        <translation>Ausstellerschlüssel sichern</translation>
    </message>
    <message>
        <source>The backup holds the private key, encrypted with this passphrase (Ethereum keystore format). Without the passphrase it cannot be opened: keep both, apart.</source>
        <translation>Die Sicherung enthält den privaten Schlüssel, verschlüsselt mit dieser Passphrase (Ethereum-Keystore-Format). Ohne die Passphrase lässt sie sich nicht öffnen: Bewahren Sie beides auf, getrennt voneinander.</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <source>Passphrase again</source>
        <translation>Passphrase wiederholen</translation>
    </message>
    <message>
        <source>Back up</source>
        <translation>Sichern</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message numerus="yes">
        <source>At least %n characters</source>
        <translation>
            <numerusform>Mindestens %n Zeichen</numerusform>
            <numerusform>Mindestens %n Zeichen</numerusform>
        </translation>
    </message>
    <message>
        <source>The two passphrases differ</source>
        <translation>Die beiden Passphrasen unterscheiden sich</translation>
    </message>
</context>
<context>
    <name>ades::ui::BooleanField</name>
    <message>
        <source>The middle state sends nothing.</source>
        <translation>Der mittlere Zustand sendet nichts.</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>nicht gesendet</translation>
    </message>
    <message>
        <source>true</source>
        <translation>wahr</translation>
    </message>
    <message>
        <source>false</source>
        <translation>falsch</translation>
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
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
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
        <source>Request and answer bodies are kept in memory only, for the last %1 calls since the service started, and are never written to disk: they can hold documents, secrets and personal data that the operations promise not to store.</source>
        <translation>Anfrage- und Antwortinhalte werden nur im Arbeitsspeicher gehalten, für die letzten %1 Aufrufe seit dem Start des Dienstes, und nie auf die Festplatte geschrieben: Sie können Dokumente, Geheimnisse und personenbezogene Daten enthalten, die die Operationen nicht zu speichern versprechen.</translation>
    </message>
    <message>
        <source>Body (%1 bytes): not kept</source>
        <translation>Inhalt (%1 Bytes): nicht aufbewahrt</translation>
    </message>
    <message>
        <source>The answer is no longer in memory; its receipt is in the receipt archive and can be checked on the receipts page.</source>
        <translation>Die Antwort ist nicht mehr im Arbeitsspeicher; ihre Quittung liegt im Quittungsarchiv und kann auf der Seite „Quittungen“ geprüft werden.</translation>
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
    <name>ades::ui::CallResultView</name>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Beleg</translation>
    </message>
    <message>
        <source>Receipt verdict</source>
        <translation>Prüfergebnis des Belegs</translation>
    </message>
    <message>
        <source>Run an operation to see its result and receipt here.</source>
        <translation>Führen Sie eine Operation aus, um hier ihr Ergebnis und ihren Beleg zu sehen.</translation>
    </message>
    <message>
        <source>Failed with status %1, no receipt: %2</source>
        <translation>Fehlgeschlagen mit Status %1, kein Beleg: %2</translation>
    </message>
    <message>
        <source>Receipt valid: signed by %1%2. Logged as a console call in %3 ms, not charged.</source>
        <translation>Beleg gültig: signiert von %1%2. Als Konsolenaufruf protokolliert, %3 ms, nicht berechnet.</translation>
    </message>
    <message>
        <source> (this service)</source>
        <translation> (dieser Dienst)</translation>
    </message>
    <message>
        <source>Receipt invalid: %1</source>
        <translation>Beleg ungültig: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::ChoiceField</name>
    <message>
        <source>(not sent)</source>
        <translation>(nicht gesendet)</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>(auswählen)</translation>
    </message>
</context>
<context>
    <name>ades::ui::CreateKeyDialog</name>
    <message>
        <source>New API key</source>
        <translation>Neuer API-Schlüssel</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Who or what uses the key</source>
        <translation>Wer oder was den Schlüssel nutzt</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>name@example.com (optional)</source>
        <translation>name@example.com (optional)</translation>
    </message>
    <message>
        <source>&amp;Label:</source>
        <translation>&amp;Bezeichnung:</translation>
    </message>
    <message>
        <source>&amp;E-mail:</source>
        <translation>&amp;E-Mail:</translation>
    </message>
    <message>
        <source>Create key</source>
        <translation>Schlüssel erstellen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The key is shown once, right after it is created; only its hash is kept.</source>
        <translation>Der Schlüssel wird einmal angezeigt, direkt nach dem Erstellen; gespeichert wird nur sein Hash.</translation>
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
        <source>No upstream sources are configured.</source>
        <translation>Keine Upstream-Quellen konfiguriert.</translation>
    </message>
    <message>
        <source>none since start</source>
        <translation>keiner seit dem Start</translation>
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
</context>
<context>
    <name>ades::ui::FileField</name>
    <message>
        <source>Choose file…</source>
        <translation>Datei wählen…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>No file chosen (sent base64-encoded)</source>
        <translation>Keine Datei gewählt (wird base64-kodiert gesendet)</translation>
    </message>
    <message>
        <source>Choose the file for %1</source>
        <translation>Datei für %1 wählen</translation>
    </message>
    <message>
        <source>Clear the file of %1</source>
        <translation>Datei von %1 entfernen</translation>
    </message>
    <message>
        <source>%1 is too large (%2; at most %3)</source>
        <translation>%1 ist zu groß (%2; höchstens %3)</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is too large (at most %2)</source>
        <translation>%1 ist zu groß (höchstens %2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>base64 text, %n character(s)</source>
        <translation>
            <numerusform>base64-Text, %n Zeichen</numerusform>
            <numerusform>base64-Text, %n Zeichen</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
</context>
<context>
    <name>ades::ui::FirstRunWizard</name>
    <message>
        <source>Welcome to ADES</source>
        <translation>Willkommen bei ADES</translation>
    </message>
    <message>
        <source>Where ADES keeps its data</source>
        <translation>Wo ADES seine Daten ablegt</translation>
    </message>
    <message>
        <source>The settings, the issuer key that signs receipts, the call log and the payments ledger live in this folder. Only you can read it.</source>
        <translation>Die Einstellungen, der Ausstellerschlüssel, der die Quittungen signiert, das Aufrufprotokoll und das Zahlungsbuch liegen in diesem Ordner. Nur Sie können ihn lesen.</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Choose the data folder</source>
        <translation>Datenordner auswählen</translation>
    </message>
    <message>
        <source>Where payments go</source>
        <translation>Wohin Zahlungen gehen</translation>
    </message>
    <message>
        <source>Agents pay per call in USDC (x402) to your address. Without one, paid operations are not offered; the free ones still are. You can add it later in Settings.</source>
        <translation>Agenten zahlen je Aufruf in USDC (x402) an Ihre Adresse. Ohne Adresse werden kostenpflichtige Operationen nicht angeboten, die kostenlosen schon. Sie können sie später in den Einstellungen eintragen.</translation>
    </message>
    <message>
        <source>What is served where</source>
        <translation>Was wo angeboten wird</translation>
    </message>
    <message>
        <source>Not a valid %1</source>
        <translation>Keine gültige %1</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/x402/…&lt;/b&gt; — paid calls: agents pay per call with x402&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/x402/…&lt;/b&gt; — kostenpflichtige Aufrufe: Agenten zahlen je Aufruf mit x402&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/free/…&lt;/b&gt; — free checks, a few a day per address&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/free/…&lt;/b&gt; — kostenlose Prüfungen, einige am Tag je Adresse&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/mcp&lt;/b&gt; — the same operations as tools for AI agents (MCP)&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/mcp&lt;/b&gt; — dieselben Operationen als Werkzeuge für KI-Agenten (MCP)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/verify&lt;/b&gt; — anyone can check a receipt this service signed&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/verify&lt;/b&gt; — jeder kann eine Quittung dieses Dienstes prüfen&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1/v1/health&lt;/b&gt; — whether the service is up&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1/v1/health&lt;/b&gt; — ob der Dienst läuft&lt;/li&gt;</translation>
    </message>
    <message>
        <source>only programs on this computer reach it; change the listen address in Settings to serve others</source>
        <translation>nur Programme auf diesem Computer erreichen ihn; ändern Sie die Lauschadresse in den Einstellungen, um andere zu bedienen</translation>
    </message>
    <message>
        <source>other computers on the network can reach it</source>
        <translation>andere Computer im Netzwerk können ihn erreichen</translation>
    </message>
    <message>
        <source>&lt;p&gt;ADES listens on &lt;b&gt;%1&lt;/b&gt;: %2.&lt;/p&gt;&lt;ul&gt;%3&lt;/ul&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;Data folder: %5&lt;/p&gt;</source>
        <translation>&lt;p&gt;ADES lauscht auf &lt;b&gt;%1&lt;/b&gt;: %2.&lt;/p&gt;&lt;ul&gt;%3&lt;/ul&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;Datenordner: %5&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Payments go to the address you gave.</source>
        <translation>Zahlungen gehen an die angegebene Adresse.</translation>
    </message>
    <message>
        <source>No receiving address yet: paid calls are not offered.</source>
        <translation>Noch keine Empfangsadresse: Kostenpflichtige Aufrufe werden nicht angeboten.</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Weiter &gt;</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Fertigstellen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>ades::ui::FormField</name>
    <message>
        <source>Required.</source>
        <translation>Pflichtfeld.</translation>
    </message>
    <message>
        <source>Format: %1</source>
        <translation>Format: %1</translation>
    </message>
    <message>
        <source>Pattern: %1</source>
        <translation>Muster: %1</translation>
    </message>
    <message>
        <source>Length: %1 to %2 characters</source>
        <translation>Länge: %1 bis %2 Zeichen</translation>
    </message>
    <message>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>Range: %1 to %2</source>
        <translation>Bereich: %1 bis %2</translation>
    </message>
</context>
<context>
    <name>ades::ui::HealthNotifier</name>
    <message>
        <source>A list did not refresh</source>
        <translation>Eine Liste wurde nicht aktualisiert</translation>
    </message>
    <message>
        <source>%1 did not refresh: %2</source>
        <translation>%1 wurde nicht aktualisiert: %2</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>ohne Angabe eines Grundes</translation>
    </message>
    <message>
        <source>An operation is unavailable</source>
        <translation>Eine Operation ist nicht verfügbar</translation>
    </message>
    <message>
        <source>%1 answered 503 Service Unavailable: an upstream source did not answer, or a setting it needs is missing.</source>
        <translation>%1 antwortete 503 Service Unavailable: Eine Upstream-Quelle antwortete nicht, oder eine nötige Einstellung fehlt.</translation>
    </message>
</context>
<context>
    <name>ades::ui::IssuerKeyBox</name>
    <message>
        <source>Issuer key</source>
        <translation>Ausstellerschlüssel</translation>
    </message>
    <message>
        <source>Export public key…</source>
        <translation>Öffentlichen Schlüssel exportieren…</translation>
    </message>
    <message>
        <source>Rotate…</source>
        <translation>Wechseln…</translation>
    </message>
    <message>
        <source>Back up private key…</source>
        <translation>Privaten Schlüssel sichern…</translation>
    </message>
    <message>
        <source>Issuer address</source>
        <translation>Ausstelleradresse</translation>
    </message>
    <message>
        <source>Export the issuer&apos;s public key</source>
        <translation>Öffentlichen Schlüssel des Ausstellers exportieren</translation>
    </message>
    <message>
        <source>Rotate the issuer key</source>
        <translation>Ausstellerschlüssel wechseln</translation>
    </message>
    <message>
        <source>Creates a new key for the receipts issued after the next start; the old key is kept, so receipts it signed stay recognised as this service&apos;s.</source>
        <translation>Erzeugt einen neuen Schlüssel für die Quittungen ab dem nächsten Start; der alte Schlüssel bleibt erhalten, damit die mit ihm signierten Quittungen weiter als Quittungen dieses Dienstes erkannt werden.</translation>
    </message>
    <message>
        <source>Back up the issuer&apos;s private key</source>
        <translation>Privaten Schlüssel des Ausstellers sichern</translation>
    </message>
    <message>
        <source>Backup written to %1 (readable by you only).</source>
        <translation>Sicherung in %1 geschrieben (nur für Sie lesbar).</translation>
    </message>
    <message>
        <source>No backup: %1</source>
        <translation>Keine Sicherung: %1</translation>
    </message>
    <message>
        <source>Signing address</source>
        <translation>Signierende Adresse</translation>
    </message>
    <message>
        <source>After restart</source>
        <translation>Nach dem Neustart</translation>
    </message>
    <message>
        <source>Retired keys</source>
        <translation>Ausgemusterte Schlüssel</translation>
    </message>
    <message>
        <source>the same key</source>
        <translation>derselbe Schlüssel</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Public key written to %1.</source>
        <translation>Öffentlicher Schlüssel in %1 geschrieben.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Not rotated: %1</source>
        <translation>Nicht gewechselt: %1</translation>
    </message>
    <message>
        <source>Rotated. Restart ADES: receipts are signed with the new key from then on; the old key is kept to recognise the receipts it signed.</source>
        <translation>Gewechselt. Starten Sie ADES neu: Ab dann werden Quittungen mit dem neuen Schlüssel signiert; der alte bleibt erhalten, um die mit ihm signierten Quittungen zu erkennen.</translation>
    </message>
    <message>
        <source>Encrypting the backup…</source>
        <translation>Sicherung wird verschlüsselt…</translation>
    </message>
    <message>
        <source>Export public key</source>
        <translation>Öffentlichen Schlüssel exportieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Create a new issuer key? Receipts issued after the next start are signed with it; the old key is kept so receipts it signed are still recognised. Agents that pinned the old address must be told the new one.</source>
        <translation>Einen neuen Ausstellerschlüssel erzeugen? Quittungen ab dem nächsten Start werden mit ihm signiert; der alte Schlüssel bleibt erhalten, damit die mit ihm signierten Quittungen weiter erkannt werden. Agenten, die sich die alte Adresse gemerkt haben, müssen die neue erfahren.</translation>
    </message>
    <message>
        <source>Back up private key</source>
        <translation>Privaten Schlüssel sichern</translation>
    </message>
    <message>
        <source>Keystore files (*.json)</source>
        <translation>Keystore-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Wechseln</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
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
        <translation>JSON eingeben: ein Objekt, ein Array, eine Zahl, &quot;Text&quot;…</translation>
    </message>
</context>
<context>
    <name>ades::ui::KeyListModel</name>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <source>free</source>
        <translation>Kostenlos</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>widerrufen</translation>
    </message>
    <message>
        <source>quota spent</source>
        <translation>Kontingent verbraucht</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>Key id %1. Only the first 12 characters of a key are kept in the clear.</source>
        <translation>Schlüssel-ID %1. Nur die ersten 12 Zeichen eines Schlüssels werden im Klartext gespeichert.</translation>
    </message>
    <message>
        <source>The last UTC day with a counted call</source>
        <translation>Der letzte UTC-Tag mit einem gezählten Aufruf</translation>
    </message>
    <message>
        <source>Revoked %1</source>
        <translation>Widerrufen %1</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Tarif</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Calls used</source>
        <translation>Aufrufe genutzt</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>Last use</source>
        <translation>Zuletzt genutzt</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>ades::ui::KeyUsageChart</name>
    <message>
        <source>Calls per day of the selected key</source>
        <translation>Aufrufe pro Tag des gewählten Schlüssels</translation>
    </message>
    <message>
        <source>Usage summary</source>
        <translation>Nutzungsübersicht</translation>
    </message>
    <message>
        <source>Choose a key to see its calls per day.</source>
        <translation>Wählen Sie einen Schlüssel, um seine Aufrufe pro Tag zu sehen.</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>UTC day</source>
        <translation>UTC-Tag</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n call(s) over the last %2 days</source>
        <translation>
            <numerusform>%1: %n Aufruf in den letzten %2 Tagen</numerusform>
            <numerusform>%1: %n Aufrufe in den letzten %2 Tagen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ades::ui::KeysPage</name>
    <message>
        <source>&amp;New key…</source>
        <translation>&amp;Neuer Schlüssel…</translation>
    </message>
    <message>
        <source>&amp;Revoke…</source>
        <translation>&amp;Widerrufen…</translation>
    </message>
    <message>
        <source>Change &amp;plan…</source>
        <translation>&amp;Tarif ändern…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>Neuer Schlüssel</translation>
    </message>
    <message>
        <source>Create an API key; it is shown once</source>
        <translation>Einen API-Schlüssel erstellen; er wird einmal angezeigt</translation>
    </message>
    <message>
        <source>Revoke the selected key</source>
        <translation>Den gewählten Schlüssel widerrufen</translation>
    </message>
    <message>
        <source>Stop the selected key at its next call; this cannot be undone</source>
        <translation>Den gewählten Schlüssel ab seinem nächsten Aufruf sperren; das lässt sich nicht rückgängig machen</translation>
    </message>
    <message>
        <source>Change the plan and quota of the selected key</source>
        <translation>Tarif und Kontingent des gewählten Schlüssels ändern</translation>
    </message>
    <message>
        <source>Refresh the key list</source>
        <translation>Schlüsselliste aktualisieren</translation>
    </message>
    <message>
        <source>Show revoked keys</source>
        <translation>Widerrufene Schlüssel zeigen</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Usage period</source>
        <translation>Zeitraum der Nutzung</translation>
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
        <source>Last 90 days</source>
        <translation>Letzte 90 Tage</translation>
    </message>
    <message>
        <source>Last 365 days</source>
        <translation>Letzte 365 Tage</translation>
    </message>
    <message>
        <source>Key action result</source>
        <translation>Ergebnis der Schlüsselaktion</translation>
    </message>
    <message>
        <source>Calls per day</source>
        <translation>Aufrufe pro Tag</translation>
    </message>
    <message>
        <source>Creating the key…</source>
        <translation>Schlüssel wird erstellt…</translation>
    </message>
    <message>
        <source>Revoke key</source>
        <translation>Schlüssel widerrufen</translation>
    </message>
    <message>
        <source>Revoke %1?</source>
        <translation>%1 widerrufen?</translation>
    </message>
    <message>
        <source>Its next call is refused with 401. A revoked key cannot be restored; create a new one instead.</source>
        <translation>Sein nächster Aufruf wird mit 401 abgelehnt. Ein widerrufener Schlüssel lässt sich nicht wiederherstellen; erstellen Sie stattdessen einen neuen.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <source>Revoking…</source>
        <translation>Wird widerrufen…</translation>
    </message>
    <message>
        <source>Changing the plan…</source>
        <translation>Tarif wird geändert…</translation>
    </message>
    <message>
        <source>Key %1… created.</source>
        <translation>Schlüssel %1… erstellt.</translation>
    </message>
    <message>
        <source>Key %1… revoked.</source>
        <translation>Schlüssel %1… widerrufen.</translation>
    </message>
    <message>
        <source>Key %1… was not revoked: it is unknown or already revoked.</source>
        <translation>Schlüssel %1… wurde nicht widerrufen: unbekannt oder bereits widerrufen.</translation>
    </message>
    <message>
        <source>Key %1… is now on the %2 plan with a quota of %3.</source>
        <translation>Schlüssel %1… hat jetzt den Tarif %2 mit einem Kontingent von %3.</translation>
    </message>
    <message>
        <source>full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <source>free</source>
        <translation>Kostenlos</translation>
    </message>
    <message>
        <source>Show re&amp;voked keys</source>
        <translation>Widerrufene Schlüssel &amp;zeigen</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::ListField</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Add an item to %1</source>
        <translation>Einen Eintrag zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Add an item, then type its value</source>
        <translation>Einen Eintrag hinzufügen und seinen Wert eingeben</translation>
    </message>
    <message>
        <source>Add an item (%1)</source>
        <translation>Einen Eintrag hinzufügen (%1)</translation>
    </message>
    <message>
        <source>Remove the selected item of %1</source>
        <translation>Den gewählten Eintrag von %1 entfernen</translation>
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
        <source>Keys and quotas</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Checks by hand</source>
        <translation>Von Hand prüfen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Restart service</source>
        <translation>Dienst &amp;neu starten</translation>
    </message>
    <message>
        <source>&amp;Close window</source>
        <translation>Fenster &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About ADES</source>
        <translation>&amp;Über ADES</translation>
    </message>
    <message>
        <source>About ADES</source>
        <translation>Über ADES</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ADES&lt;/b&gt; answers agents&apos; questions about companies, payments and documents, paid per call with x402, and signs every answer with a receipt.&lt;/p&gt;&lt;p&gt;This console watches the service on this computer: calls, receipts, lists and settings.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;ADES&lt;/b&gt; beantwortet Fragen von Agenten zu Unternehmen, Zahlungen und Dokumenten, bezahlt je Aufruf mit x402, und signiert jede Antwort mit einer Quittung.&lt;/p&gt;&lt;p&gt;Diese Konsole überwacht den Dienst auf diesem Computer: Aufrufe, Quittungen, Listen und Einstellungen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
</context>
<context>
    <name>ades::ui::ManualCallsPage</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>Search operations</source>
        <translation>Operationen durchsuchen</translation>
    </message>
    <message>
        <source>Search by name or description…</source>
        <translation>Nach Name oder Beschreibung suchen…</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operationen</translation>
    </message>
    <message>
        <source>Input form</source>
        <translation>Eingabeformular</translation>
    </message>
    <message>
        <source>Run the operation</source>
        <translation>Die Operation ausführen</translation>
    </message>
    <message>
        <source>Stop waiting for the running operation</source>
        <translation>Nicht länger auf die laufende Operation warten</translation>
    </message>
    <message>
        <source>Operation running</source>
        <translation>Operation läuft</translation>
    </message>
    <message>
        <source>Choose an operation</source>
        <translation>Wählen Sie eine Operation</translation>
    </message>
    <message>
        <source>Every operation of this service can be run here by hand, free of charge. The call is logged as a console call and its result is signed like any other.</source>
        <translation>Jede Operation dieses Dienstes lässt sich hier von Hand und kostenlos ausführen. Der Aufruf wird als Konsolenaufruf protokolliert, sein Ergebnis wie jedes andere signiert.</translation>
    </message>
    <message>
        <source>Not run: the input does not match the operation&apos;s schema.</source>
        <translation>Nicht ausgeführt: Die Eingabe passt nicht zum Schema der Operation.</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>%1 läuft…</translation>
    </message>
    <message>
        <source>Cancelled. The operation may still finish in the background; the call log records it.</source>
        <translation>Abgebrochen. Die Operation kann im Hintergrund noch zu Ende laufen; das Aufrufprotokoll verzeichnet sie.</translation>
    </message>
    <message>
        <source>Runs the operation here, through the console channel: never charged, logged as &quot;console&quot; (Ctrl+Return)</source>
        <translation>Führt die Operation hier über den Konsolenkanal aus: nie berechnet, als &quot;console&quot; protokolliert (Strg+Eingabe)</translation>
    </message>
</context>
<context>
    <name>ades::ui::NewKeyDialog</name>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>In die Zwischenablage &amp;kopieren</translation>
    </message>
    <message>
        <source>API key %1…</source>
        <translation>API-Schlüssel %1…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Copy the key now.&lt;/b&gt; This is the only time it is shown: the service keeps only its hash and cannot show it again. Whoever holds it can spend its quota; revoke it if it leaks.</source>
        <translation>&lt;b&gt;Kopieren Sie den Schlüssel jetzt.&lt;/b&gt; Er wird nur dieses eine Mal angezeigt: Der Dienst speichert nur seinen Hash und kann ihn nicht erneut anzeigen. Wer ihn besitzt, kann sein Kontingent verbrauchen; widerrufen Sie ihn, falls er bekannt wird.</translation>
    </message>
    <message>
        <source>New API key</source>
        <translation>Neuer API-Schlüssel</translation>
    </message>
    <message>
        <source>Copy the key to the clipboard</source>
        <translation>Den Schlüssel in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Clients send it in the X-API-Key header.</source>
        <translation>Clients senden ihn im Header X-API-Key.</translation>
    </message>
    <message>
        <source>I have copied it</source>
        <translation>Ich habe ihn kopiert</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
</context>
<context>
    <name>ades::ui::NumberField</name>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send %1</source>
        <translation>%1 senden</translation>
    </message>
    <message>
        <source>Unchecked: the property is not sent and the operation decides</source>
        <translation>Nicht angehakt: Der Wert wird nicht gesendet und die Operation entscheidet</translation>
    </message>
</context>
<context>
    <name>ades::ui::ObjectField</name>
    <message>
        <source>This operation takes no input.</source>
        <translation>Diese Operation hat keine Eingaben.</translation>
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
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>free</source>
        <translation>kostenlos</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Price elsewhere</source>
        <translation>Preis sonst</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
</context>
<context>
    <name>ades::ui::PlanDialog</name>
    <message>
        <source>Plan and quota of %1…</source>
        <translation>Tarif und Kontingent von %1…</translation>
    </message>
    <message numerus="yes">
        <source>%1 has used %n call(s) so far. They stay counted; a quota below that refuses the key&apos;s next call.</source>
        <translation>
            <numerusform>%1 hat bisher %n Aufruf genutzt. Er bleibt gezählt; ein kleineres Kontingent lehnt den nächsten Aufruf des Schlüssels ab.</numerusform>
            <numerusform>%1 hat bisher %n Aufrufe genutzt. Sie bleiben gezählt; ein kleineres Kontingent lehnt den nächsten Aufruf des Schlüssels ab.</numerusform>
        </translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Apply the plan and quota</source>
        <translation>Tarif und Kontingent übernehmen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>ades::ui::PlanQuotaFields</name>
    <message>
        <source>Unlimited</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <source>free</source>
        <translation>Kostenlos</translation>
    </message>
    <message>
        <source>full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Tarif</translation>
    </message>
    <message>
        <source>free: a limited number of calls in total; full: every operation, usually without a limit</source>
        <translation>Kostenlos: insgesamt eine begrenzte Zahl von Aufrufen; Voll: jede Operation, meist ohne Begrenzung</translation>
    </message>
    <message>
        <source> calls</source>
        <translation> Aufrufe</translation>
    </message>
    <message>
        <source>Call quota</source>
        <translation>Aufrufkontingent</translation>
    </message>
    <message>
        <source>Calls the key may make in total; a call past the quota is refused with 429</source>
        <translation>Aufrufe, die der Schlüssel insgesamt machen darf; ein Aufruf über dem Kontingent wird mit 429 abgelehnt</translation>
    </message>
    <message>
        <source>Unlimited calls</source>
        <translation>Unbegrenzte Aufrufe</translation>
    </message>
    <message>
        <source>&amp;Plan:</source>
        <translation>&amp;Tarif:</translation>
    </message>
    <message>
        <source>&amp;Quota:</source>
        <translation>&amp;Kontingent:</translation>
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
    <name>ades::ui::SchemaForm</name>
    <message>
        <source>Input error</source>
        <translation>Eingabefehler</translation>
    </message>
</context>
<context>
    <name>ades::ui::SettingField</name>
    <message>
        <source>Default (on)</source>
        <translation>Standard (an)</translation>
    </message>
    <message>
        <source>Default (off)</source>
        <translation>Standard (aus)</translation>
    </message>
    <message>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>Standard: %1</translation>
    </message>
    <message>
        <source>Must be a whole number from %1 to %2</source>
        <translation>Muss eine ganze Zahl von %1 bis %2 sein</translation>
    </message>
    <message>
        <source>Must be on or off</source>
        <translation>Muss an oder aus sein</translation>
    </message>
    <message>
        <source>Not an http:// or https:// URL</source>
        <translation>Keine http://- oder https://-URL</translation>
    </message>
    <message>
        <source>Not accepted as %1: %2</source>
        <translation>Als %1 nicht zulässig: %2</translation>
    </message>
    <message>
        <source>Set by the environment variable %1, which wins over ades.ini</source>
        <translation>Von der Umgebungsvariable %1 gesetzt, die Vorrang vor ades.ini hat</translation>
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
        <source>%1 (testnet)</source>
        <translation>%1 (Testnetz)</translation>
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
        <source>Saved — restart ADES to apply</source>
        <translation>Gespeichert — ADES neu starten, um die Änderungen zu übernehmen</translation>
    </message>
    <message>
        <source>Could not write %1 in %2</source>
        <translation>%1 in %2 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>The new issuer key signs after a restart.</source>
        <translation>Der neue Ausstellerschlüssel signiert nach einem Neustart.</translation>
    </message>
    <message>
        <source>Find a setting</source>
        <translation>Einstellung suchen</translation>
    </message>
    <message>
        <source>Save the settings</source>
        <translation>Einstellungen speichern</translation>
    </message>
    <message>
        <source>Accept payments on %1</source>
        <translation>Zahlungen auf %1 annehmen</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open the data folder</source>
        <translation>Datenordner öffnen</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Ändern…</translation>
    </message>
    <message>
        <source>Choose another data folder</source>
        <translation>Anderen Datenordner wählen</translation>
    </message>
    <message>
        <source>The console opens %1 after a restart (--data-dir still wins).</source>
        <translation>Die Konsole öffnet nach einem Neustart %1 (--data-dir hat weiterhin Vorrang).</translation>
    </message>
    <message>
        <source>Nothing changed</source>
        <translation>Nichts geändert</translation>
    </message>
    <message>
        <source>Needs a restart: %1</source>
        <translation>Erfordert einen Neustart: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::TextField</name>
    <message>
        <source>e.g. %1</source>
        <translation>z. B. %1</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>JJJJ-MM-TT</translation>
    </message>
    <message>
        <source>YYYY-MM-DDThh:mm:ssZ</source>
        <translation>JJJJ-MM-TTThh:mm:ssZ</translation>
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
        <translation>Muster: %1</translation>
    </message>
</context>
<context>
    <name>ades::ui::TrayIcon</name>
    <message>
        <source>Show console</source>
        <translation>Konsole anzeigen</translation>
    </message>
    <message>
        <source>Quit ADES</source>
        <translation>ADES beenden</translation>
    </message>
    <message>
        <source>Serving on port %1</source>
        <translation>Bedient Port %1</translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation>Bedient nicht: %1</translation>
    </message>
    <message>
        <source>Service stopped</source>
        <translation>Dienst gestoppt</translation>
    </message>
    <message>
        <source>Service not started</source>
        <translation>Dienst nicht gestartet</translation>
    </message>
    <message>
        <source>ADES keeps serving</source>
        <translation>ADES läuft weiter</translation>
    </message>
    <message>
        <source>The console is in the tray. Quit it from the tray menu or with File &gt; Quit.</source>
        <translation>Die Konsole ist im Infobereich. Beenden Sie sie über dessen Menü oder mit Datei &gt; Beenden.</translation>
    </message>
    <message>
        <source>Revenue today: %1 USDC (since %2)</source>
        <translation>Einnahmen heute: %1 USDC (seit %2)</translation>
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
        <translation>Upstream-Quellen</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>Timeout (ms)</source>
        <translation>Zeitlimit (ms)</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Base URL of %1</source>
        <translation>Basis-URL von %1</translation>
    </message>
    <message>
        <source>Timeout of %1 in milliseconds</source>
        <translation>Zeitlimit von %1 in Millisekunden</translation>
    </message>
    <message>
        <source>API key of %1</source>
        <translation>API-Schlüssel von %1</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Test the connection to %1</source>
        <translation>Verbindung zu %1 testen</translation>
    </message>
    <message>
        <source>Asks the base URL once with this timeout; any HTTP answer means it is reachable. Nothing is saved.</source>
        <translation>Fragt die Basis-URL einmal mit diesem Zeitlimit an; jede HTTP-Antwort heißt, dass sie erreichbar ist. Nichts wird gespeichert.</translation>
    </message>
    <message>
        <source>Correct the fields first.</source>
        <translation>Korrigieren Sie zuerst die Felder.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>Reachable: HTTP %1 after %2 ms</source>
        <translation>Erreichbar: HTTP %1 nach %2 ms</translation>
    </message>
    <message>
        <source>Not reachable after %1 ms: %2</source>
        <translation>Nach %1 ms nicht erreichbar: %2</translation>
    </message>
</context>
</TS>
