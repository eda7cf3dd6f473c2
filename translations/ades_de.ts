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
        <source>The field %1 is missing or not a string.</source>
        <translation>Das Feld %1 fehlt oder ist keine Zeichenkette.</translation>
    </message>
    <message>
        <source>The field %1 is not an ISO 8601 date-time with a time zone.</source>
        <translation>Das Feld %1 ist kein ISO-8601-Zeitpunkt mit Zeitzone.</translation>
    </message>
    <message>
        <source>The signature does not end in 27 or 28, as EIP-191 receipts are signed.</source>
        <translation>Die Signatur endet nicht auf 27 oder 28, wie EIP-191-Quittungen signiert werden.</translation>
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
