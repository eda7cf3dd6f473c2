#include "BackupPassphraseDialog.h"
#include "ColorScheme.h"
#include "FirstRunWizard.h"
#include "HealthNotifier.h"
#include "IssuerKeyBox.h"
#include "MainWindow.h"
#include "SettingField.h"
#include "SettingsPage.h"
#include "SingleInstance.h"
#include "Translations.h"
#include "TrayIcon.h"
#include "UpstreamSettingsBox.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "crypto/IssuerKeyBackup.h"
#include "crypto/IssuerKeyFile.h"
#include "host/IssuerKeys.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "host/UpstreamProbe.h"
#include "payments/PaymentSettings.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSystemTrayIcon>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::ui;

namespace {

constexpr QFileDevice::Permissions GroupOrOther = QFileDevice::ReadGroup | QFileDevice::WriteGroup
    | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;

QJsonObject sampleResult()
{
    return QJsonObject { { u"contract"_s, u"eu-iban-check/1"_s }, { u"iban"_s, u"DE89370400440532013000"_s },
        { u"valid"_s, true } };
}

// A local HTTP server that answers every request with `status` and a short body, like an upstream would.
class FakeUpstream : public QTcpServer
{
public:
    explicit FakeUpstream(int status)
        : m_status(status)
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                    if (!socket->readAll().contains("\r\n\r\n"))
                        return;
                    ++requests;
                    socket->write("HTTP/1.1 " + QByteArray::number(m_status)
                        + " Whatever\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
                    socket->disconnectFromHost();
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    int requests = 0;

private:
    int m_status;
};

} // namespace

// The console's desktop side: the settings page built from the declarations, connection tests, the issuer
// key's rotation and backup, one console per data folder, the remembered window, the first-run assistant,
// the tray and the notifications. Every test runs on a real service context in a temporary folder.
class TestConsoleDesktop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void everyDeclaredSettingHasAField();
    void settingsValidateAsTypedAndSayWhatNeedsRestart();
    void upstreamTestConnectionAgainstLocalFake();
    void keyRotationKeepsOldReceiptsVerifiable();
    void backupIsPassphraseProtectedAndOwnerOnly();
    void passphraseDialogRefusesShortOrDifferent();
    void singleInstanceHandsOver();
    void windowGeometryAndPageRemembered();
    void pageShortcutsSwitchPages();
    void closeHidesToTrayWhileServing();
    void trayShowsStateAndRevenueToday();
    void wizardOnFirstRunOnly();
    void notificationsForFailedRefreshAndUpstream();
    void darkPaletteWhenAsked();
    void everyControlIsNamed();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
};

void TestConsoleDesktop::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // QSettings of the console (window, data folder) go to a test location, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    qputenv("ADES_LANG", "en");
    installTranslations(*QCoreApplication::instance());
    m_context = ServiceContext::createForTests(m_dir.filePath(u"data"_s));
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(10'000));
}

void TestConsoleDesktop::cleanupTestCase()
{
    if (m_host)
        m_host->stop();
    m_host.reset();
    m_context.reset();
}

void TestConsoleDesktop::everyDeclaredSettingHasAField()
{
    SettingsPage page(*m_host);
    int count = 0;
    for (const SettingSpec &spec : m_context->settingSpecs()) {
        if (spec.key.endsWith(u'/') || spec.key == u"x402/networks"_s)
            continue; // a key family has no single value; the networks are checkboxes
        SettingField *field = page.settingField(spec.key);
        QVERIFY2(field, qPrintable(spec.key));
        // Every control says what it is to a screen reader.
        QWidget *editor = field->lineEdit() ? static_cast<QWidget *>(field->lineEdit())
                                            : static_cast<QWidget *>(field->choice());
        QVERIFY2(!editor->accessibleName().isEmpty(), qPrintable(spec.key));
        ++count;
    }
    QVERIFY(count > 50);
    // Every registered upstream source (the areas', the facilitator's) has its row and button.
    const QList<UpstreamEndpoint> endpoints = m_host->upstreamProbe().endpoints();
    QVERIFY(endpoints.size() > 5);
    for (const UpstreamEndpoint &endpoint : endpoints) {
        QVERIFY2(page.upstreamBox()->testButton(endpoint.id), qPrintable(endpoint.id));
        QVERIFY(!page.upstreamBox()->testButton(endpoint.id)->accessibleName().isEmpty());
        QVERIFY(page.settingField(endpoint.baseUrlKey) && page.settingField(endpoint.timeoutKey)
            && page.settingField(endpoint.apiKeyKey));
    }
    QVERIFY(page.upstreamBox()->testButton(u"facilitator"_s));
    // Secrets never show.
    QCOMPARE(page.field(u"gateway/proxy_secret_sha256"_s)->echoMode(), QLineEdit::Password);
    for (QPushButton *button : page.findChildren<QPushButton *>())
        QVERIFY2(!button->accessibleName().isEmpty() || !button->text().isEmpty(),
            qPrintable(button->objectName()));
}

void TestConsoleDesktop::settingsValidateAsTypedAndSayWhatNeedsRestart()
{
    SettingsPage page(*m_host);
    page.show();
    QLineEdit *threads = page.field(u"http/threads"_s);
    QVERIFY(threads);
    SettingField *field = page.settingField(u"http/threads"_s);
    threads->clear();
    QTest::keyClicks(threads, u"999"_s);
    QVERIFY(!page.saveButton()->isEnabled());
    QVERIFY(field->messageLabel()->isVisible()); // the reason right under the field
    QVERIFY2(
        field->messageLabel()->text().contains(u"whole number"_s), qPrintable(field->messageLabel()->text()));
    QCOMPARE(page.statusLabel()->text(), field->messageLabel()->text());
    QVERIFY(!page.save());

    threads->clear();
    QTest::keyClicks(threads, u"3"_s);
    QVERIFY(page.saveButton()->isEnabled());
    QVERIFY(!field->messageLabel()->isVisible());
    QLineEdit *timeout = page.field(u"upstream/vies/timeout_ms"_s);
    QVERIFY(timeout);
    QTest::keyClicks(timeout, u"abc"_s);
    QVERIFY(!page.saveButton()->isEnabled());
    timeout->setText(u"2500"_s);
    QVERIFY(page.saveButton()->isEnabled());

    QTest::mouseClick(page.saveButton(), Qt::LeftButton);
    QCOMPARE(page.statusLabel()->text(), u"Saved \u2014 restart ADES to apply"_s);
    // The message names what changed, in the page's words, and that it waits for a restart.
    const QString note = page.restartLabel()->text();
    QVERIFY2(note.startsWith(u"Needs a restart: "_s), qPrintable(note));
    QVERIFY2(note.contains(u"threads"_s) && note.contains(u"EU VIES"_s), qPrintable(note));
    const Settings saved = Settings::load(m_context->settings().dataDir());
    QCOMPARE(saved.value(u"http/threads"_s), u"3"_s);
    QCOMPARE(saved.value(u"upstream/vies/timeout_ms"_s), u"2500"_s);
    // A key the environment sets cannot be edited here: ades.ini would lose to it.
    const SettingSpecs specs = m_context->settingSpecs();
    const auto gatewayName = std::find_if(
        specs.cbegin(), specs.cend(), [](const SettingSpec &spec) { return spec.key == u"gateway/name"_s; });
    QVERIFY(gatewayName != specs.cend());
    qputenv("ADES_GATEWAY_NAME", "proxy");
    SettingField environment(*gatewayName, u"Gateway name"_s, u"proxy"_s);
    qunsetenv("ADES_GATEWAY_NAME");
    QCOMPARE(environment.overriddenBy(), u"ADES_GATEWAY_NAME"_s);
    QVERIFY(!environment.lineEdit()->isEnabled());
    QVERIFY(environment.messageLabel()->text().contains(u"ADES_GATEWAY_NAME"_s));
    // Saving again without a change writes nothing and says so.
    QVERIFY(page.save());
    QCOMPARE(page.statusLabel()->text(), u"Nothing changed"_s);
}

void TestConsoleDesktop::upstreamTestConnectionAgainstLocalFake()
{
    FakeUpstream fake(404);
    QVERIFY(fake.listen(QHostAddress::LocalHost));
    SettingsPage page(*m_host);
    UpstreamSettingsBox *box = page.upstreamBox();
    const QString id = u"gleif"_s;
    QVERIFY(box->testButton(id));
    // The edited, unsaved address is the one tested.
    page.field(u"upstream/gleif/base_url"_s)->setText(u"http://127.0.0.1:%1/api"_s.arg(fake.serverPort()));
    QTest::mouseClick(box->testButton(id), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(box->resultLabel(id)->text().startsWith(u"Reachable"_s), 10'000);
    QVERIFY2(box->resultLabel(id)->text().contains(u"HTTP 404"_s), qPrintable(box->resultLabel(id)->text()));
    QCOMPARE(fake.requests, 1);

    // Nobody listens there any more: not reachable, and the reason is shown.
    const quint16 port = fake.serverPort();
    fake.close();
    page.field(u"upstream/gleif/base_url"_s)->setText(u"http://127.0.0.1:%1/api"_s.arg(port));
    QVERIFY(box->testConnection(id));
    QTRY_VERIFY_WITH_TIMEOUT(box->resultLabel(id)->text().startsWith(u"Not reachable"_s), 10'000);
    QVERIFY(box->testButton(id)->isEnabled());

    // A field that is not valid is not tested.
    page.field(u"upstream/gleif/base_url"_s)->setText(u"ftp://example.org"_s);
    QVERIFY(!box->testConnection(id));
}

void TestConsoleDesktop::keyRotationKeepsOldReceiptsVerifiable()
{
    QTemporaryDir dir;
    const QString data = dir.filePath(u"data"_s);
    QString oldAddress;
    QJsonObject oldReceipt;
    {
        auto context = ServiceContext::createForTests(data);
        ServiceHost host(*context);
        oldAddress = context->issuerAddress();
        oldReceipt = context->signer().attach(sampleResult(), u"DE89370400440532013000"_s).body;
        IssuerKeyBox box(host);
        QCOMPARE(box.addressLabel()->text(), oldAddress);
        // The exported public key is what receipts carry, for a verifier to pin.
        const QString exported = dir.filePath(u"public.json"_s);
        QVERIFY(box.exportPublicKeyTo(exported));
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray exportedBytes = file.readAll();
        QVERIFY(!exportedBytes.contains(loadIssuerKey(context->issuerKeyPath()).value().secret().toHex()));
        const QJsonObject publicKey = QJsonDocument::fromJson(exportedBytes).object();
        QCOMPARE(publicKey.value(u"issuer"_s).toString(), oldAddress);
        QCOMPARE(publicKey.value(u"key_id"_s).toString(), u"eip191:"_s + oldAddress);
        QCOMPARE(publicKey.value(u"issuer_key"_s).toString(),
            u"0x"_s + QString::fromLatin1(context->signer().issuerPublicKey().toHex()));
        QSignalSpy restart(&box, &IssuerKeyBox::restartNeeded);
        QVERIFY(box.rotateNow());
        QCOMPARE(restart.count(), 1);
        QVERIFY(box.statusLabel()->text().contains(u"Restart"_s));
        // The running service keeps signing with the old key until it restarts.
        QCOMPARE(context->issuerAddress(), oldAddress);
        QVERIFY(!host.issuerKeys().pendingAddress().isEmpty());
        QCOMPARE(host.issuerKeys().retiredAddresses(), QStringList { oldAddress });
    }
    // The retired key is kept, owner-only.
    const QStringList retired = QDir(data).entryList({ u"issuer.key.retired-*"_s }, QDir::Files);
    QCOMPARE(retired.size(), 1);
    QCOMPARE(
        QFile::permissions(QDir(data).filePath(retired.first())) & GroupOrOther, QFileDevice::Permissions());

    // After the restart: a new issuer, and the old receipt is still valid and still this service's.
    auto context = ServiceContext::createForTests(data);
    QVERIFY(context->issuerAddress().compare(oldAddress, Qt::CaseInsensitive) != 0);
    const ReceiptVerdict old = context->verifier().verify(oldReceipt);
    QVERIFY2(old.valid, qPrintable(old.problems.join(u", "_s)));
    QVERIFY(old.issuedByThisService);
    const ReceiptVerdict fresh
        = context->verifier().verify(context->signer().attach(sampleResult(), u"x"_s).body);
    QVERIFY(fresh.valid && fresh.issuedByThisService);
    // A key that was never this service's is not taken for one.
    QTemporaryDir other;
    auto stranger = ServiceContext::createForTests(other.filePath(u"data"_s));
    const ReceiptVerdict foreign
        = context->verifier().verify(stranger->signer().attach(sampleResult(), u"x"_s).body);
    QVERIFY(foreign.valid);
    QVERIFY(!foreign.issuedByThisService);
}

void TestConsoleDesktop::backupIsPassphraseProtectedAndOwnerOnly()
{
    IssuerKeyBox box(*m_host);
    const QString path = m_dir.filePath(u"backup.json"_s);
    const QString passphrase = u"correct horse battery staple"_s;
    QSignalSpy done(&box, &IssuerKeyBox::backupFinished);
    box.backUpTo(path, passphrase);
    QVERIFY(done.wait(30'000));
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY2(box.statusLabel()->text().contains(path), qPrintable(box.statusLabel()->text()));

    QCOMPARE(QFile::permissions(path) & GroupOrOther, QFileDevice::Permissions());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray backup = file.readAll();
    const Result<PrivateKey> key = loadIssuerKey(m_context->issuerKeyPath());
    QVERIFY(key.ok());
    // The secret is not in the file in any plain form.
    QVERIFY(!backup.contains(key.value().secret().toHex()));
    QVERIFY(!backup.toLower().contains(key.value().secret().toHex().toLower()));
    QVERIFY(!backup.contains(key.value().secret()));
    const QJsonObject keystore = QJsonDocument::fromJson(backup).object();
    QCOMPARE(keystore.value(u"version"_s).toInt(), 3);
    QCOMPARE(keystore.value(u"crypto"_s).toObject().value(u"kdf"_s).toString(), u"scrypt"_s);

    const Result<PrivateKey> opened = IssuerKeyBackup::decrypt(backup, passphrase);
    QVERIFY(opened.ok());
    QCOMPARE(opened.value().address(), key.value().address());
    const Result<PrivateKey> wrong = IssuerKeyBackup::decrypt(backup, u"correct horse battery stapler"_s);
    QVERIFY(!wrong.ok());
    QCOMPARE(wrong.error().code(), u"backup_passphrase_wrong"_s);
    // A file asking for absurd scrypt work is refused before any is spent.
    QByteArray greedy = backup;
    greedy.replace("\"n\": 131072", "\"n\": 1073741824");
    QVERIFY(greedy != backup);
    QCOMPARE(IssuerKeyBackup::decrypt(greedy, passphrase).error().code(), u"backup_invalid"_s);
    QCOMPARE(IssuerKeyBackup::encrypt(key.value(), QString()).error().code(), u"backup_passphrase_empty"_s);
}

void TestConsoleDesktop::passphraseDialogRefusesShortOrDifferent()
{
    BackupPassphraseDialog dialog;
    QPushButton *ok = dialog.buttons()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QTest::keyClicks(dialog.firstField(), u"short"_s);
    QTest::keyClicks(dialog.secondField(), u"short"_s);
    QVERIFY(!ok->isEnabled());
    dialog.firstField()->setText(u"a long enough phrase"_s);
    dialog.secondField()->setText(u"a long enough phrasE"_s);
    QVERIFY(!ok->isEnabled());
    QCOMPARE(dialog.problem(), u"The two passphrases differ"_s);
    dialog.secondField()->setText(u"a long enough phrase"_s);
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.passphrase(), u"a long enough phrase"_s);
    QCOMPARE(dialog.firstField()->echoMode(), QLineEdit::Password);
}

void TestConsoleDesktop::singleInstanceHandsOver()
{
    QTemporaryDir dir;
    SingleInstance first(dir.path());
    QVERIFY(first.claim());
    QSignalSpy activated(&first, &SingleInstance::activated);
    // The same folder spelled differently is the same folder.
    SingleInstance second(dir.path() + u"/./"_s);
    QVERIFY(!second.claim());
    QTRY_COMPARE_WITH_TIMEOUT(activated.count(), 1, 5'000);
    // Another folder runs its own console.
    QTemporaryDir elsewhere;
    SingleInstance other(elsewhere.path());
    QVERIFY(other.claim());
    QVERIFY(SingleInstance::serverName(dir.path()) != SingleInstance::serverName(elsewhere.path()));
    // Once the first gives the folder up (a restart), the next start gets it.
    first.release();
    SingleInstance third(dir.path());
    QVERIFY(third.claim());
}

void TestConsoleDesktop::windowGeometryAndPageRemembered()
{
    QRect geometry;
    {
        MainWindow window(*m_host);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resize(1010, 640);
        window.setCurrentPage(window.settingsPage());
        QCoreApplication::processEvents();
        geometry = window.geometry();
        window.close(); // closing saves
    }
    MainWindow again(*m_host);
    QVERIFY(again.currentPage() != again.settingsPage());
    again.restoreWindowState();
    QCOMPARE(again.currentPage(), again.settingsPage());
    QCOMPARE(again.size(), geometry.size());
    // Every page is remembered, also one without an object name.
    for (int index = 0; index < again.pageCount(); ++index) {
        again.setCurrentPageIndex(index);
        again.saveWindowState();
        MainWindow third(*m_host);
        third.restoreWindowState();
        QCOMPARE(third.currentPage(), third.page(index));
    }
}

void TestConsoleDesktop::pageShortcutsSwitchPages()
{
    MainWindow window(*m_host);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.pageCount() >= 4);
    for (int index = 0; index < qMin(window.pageCount(), 9); ++index) {
        QAction *action = window.pageAction(index);
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + index)));
        QCOMPARE(action->text(), window.pageTitle(index));
    }
    window.activateWindow();
    QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
    QTRY_COMPARE(window.currentPage(), window.page(1));
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QTRY_COMPARE(window.currentPage(), window.page(0));
    const QStringList menus { u"fileMenu"_s, u"viewMenu"_s, u"helpMenu"_s };
    for (const QString &name : menus)
        QVERIFY2(window.findChild<QMenu *>(name), qPrintable(name));
    QCOMPARE(window.findChild<QAction *>(u"quitAction"_s)->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Q));
}

void TestConsoleDesktop::closeHidesToTrayWhileServing()
{
    MainWindow window(*m_host);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(m_host->isRunning());
    window.setCloseToTray(true);
    QSignalSpy hidden(&window, &MainWindow::hiddenToTray);
    window.close();
    QCOMPARE(hidden.count(), 1);
    QVERIFY(!window.isVisible());
    window.bringToFront();
    QVERIFY(window.isVisible());
    // Without a tray to come back from, closing closes.
    window.setCloseToTray(false);
    QVERIFY(window.close());
    QCOMPARE(hidden.count(), 1);
}

void TestConsoleDesktop::trayShowsStateAndRevenueToday()
{
    MainWindow window(*m_host);
    TrayIcon tray(*m_host, window);
    QVERIFY2(
        tray.toolTip().contains(u"Serving on port %1"_s.arg(m_host->port())), qPrintable(tray.toolTip()));
    CallRecord paid;
    paid.at = QDateTime::currentDateTimeUtc();
    paid.channel = u"x402"_s;
    paid.operationId = u"eu.iban.check"_s;
    paid.status = 200;
    paid.priceUnits = 4'000;
    paid.network = u"eip155:8453"_s;
    CallRecord unpaid = paid;
    unpaid.status = 402;
    unpaid.priceUnits = 0;
    unpaid.network.clear();
    Q_EMIT m_host->callCompleted(paid);
    Q_EMIT m_host->callCompleted(unpaid);
    Q_EMIT m_host->callCompleted(paid);
    QTRY_COMPARE(tray.revenueTodayUnits(), 8'000);
    QVERIFY2(tray.toolTip().contains(u"Revenue today: 0.008 USDC"_s), qPrintable(tray.toolTip()));
    const QList<QAction *> actions = tray.menu()->actions();
    QVERIFY(std::any_of(actions.cbegin(), actions.cend(),
        [](const QAction *a) { return a->text().startsWith(u"Revenue today: 0.008 USDC"_s); }));
    QVERIFY(tray.menu()->findChild<QAction *>(u"trayQuit"_s)
        || std::any_of(actions.cbegin(), actions.cend(),
            [](const QAction *a) { return a->objectName() == u"trayQuit"_s; }));
    QCOMPARE(window.closesToTray(), QSystemTrayIcon::isSystemTrayAvailable());
}

void TestConsoleDesktop::wizardOnFirstRunOnly()
{
    QTemporaryDir dir;
    const QString data = dir.filePath(u"fresh"_s);
    QVERIFY(FirstRunWizard::isNeeded(data));
    FirstRunWizard wizard(
        data, { PaymentSettings::PayToEvm.spec, PaymentSettings::PayToSolana.spec }, u"127.0.0.1:8402"_s);
    wizard.show();
    QCOMPARE(wizard.currentId(), int(FirstRunWizard::FolderPage));
    QCOMPARE(wizard.folderField()->text(), data);
    wizard.next();
    QCOMPARE(wizard.currentId(), int(FirstRunWizard::PaymentPage));
    QLineEdit *evm = wizard.payToField(u"x402/payto_evm"_s);
    QVERIFY(evm && !evm->accessibleName().isEmpty());
    QTest::keyClicks(evm, u"0x7a16fF8270133F063aAb6C9977183D9e7283542"_s); // one digit short
    QVERIFY(!wizard.payToProblem(u"x402/payto_evm"_s).isEmpty());
    wizard.next(); // refused
    QCOMPARE(wizard.currentId(), int(FirstRunWizard::PaymentPage));
    QTest::keyClicks(evm, u"8"_s);
    QVERIFY(wizard.payToProblem(u"x402/payto_evm"_s).isEmpty());
    wizard.next();
    QCOMPARE(wizard.currentId(), int(FirstRunWizard::SummaryPage));
    const QString summary = wizard.findChild<QLabel *>(u"wizardSummary"_s)->text();
    QVERIFY2(summary.contains(u"http://127.0.0.1:8402/mcp"_s), qPrintable(summary));
    QVERIFY(summary.contains(u"/x402/"_s) && summary.contains(u"/free/"_s));
    QVERIFY(FirstRunWizard::isNeeded(data)); // nothing written before Finish
    wizard.accept();
    QCOMPARE(wizard.result(), int(QDialog::Accepted));
    QVERIFY(!FirstRunWizard::isNeeded(data));
    QCOMPARE(
        Settings::load(data).value(u"x402/payto_evm"_s), u"0x7a16fF8270133F063aAb6C9977183D9e72835428"_s);
}

void TestConsoleDesktop::notificationsForFailedRefreshAndUpstream()
{
    const QJsonObject health = QJsonDocument::fromJson(R"({
        "payment_networks": [],
        "sanctions_refresh": {
            "EU": {"at": "2026-01-01T00:00:00Z", "ok": true, "problem": null},
            "UN": {"at": "2026-01-01T00:00:00Z", "ok": false, "problem": "HTTP 500 from the UN"}
        }
    })")
                                   .object();
    const QHash<QString, QString> failed = HealthNotifier::failedRefreshes(health);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.value(u"sanctions UN"_s), u"HTTP 500 from the UN"_s);

    HealthNotifier notifier(*m_host);
    QSignalSpy told(&notifier, &HealthNotifier::notify);
    CallRecord failing;
    failing.at = QDateTime::currentDateTimeUtc();
    failing.operationId = u"eu.vat.check"_s;
    failing.status = 503;
    Q_EMIT m_host->callCompleted(failing);
    Q_EMIT m_host->callCompleted(failing); // told once
    QTRY_COMPARE(told.count(), 1);
    QVERIFY(told.first().at(1).toString().contains(u"eu.vat.check"_s));
    CallRecord recovered = failing;
    recovered.status = 200;
    Q_EMIT m_host->callCompleted(recovered);
    Q_EMIT m_host->callCompleted(failing); // failing again after a success: told again
    QTRY_COMPARE(told.count(), 2);
    // The test service's lists have not been refreshed: nothing to tell.
    notifier.checkHealth();
    QCOMPARE(told.count(), 2);
}

void TestConsoleDesktop::darkPaletteWhenAsked()
{
    QPalette light;
    light.setColor(QPalette::Window, Qt::white);
    light.setColor(QPalette::WindowText, Qt::black);
    qputenv("ADES_COLOR_SCHEME", "dark");
    QVERIFY(ColorScheme::systemPrefersDark(light));
    qputenv("ADES_COLOR_SCHEME", "light");
    QVERIFY(!ColorScheme::systemPrefersDark(light));
    qunsetenv("ADES_COLOR_SCHEME");
    qputenv("GTK_THEME", "Adwaita:dark");
    QVERIFY(ColorScheme::systemPrefersDark(light));
    qunsetenv("GTK_THEME");
    QVERIFY(!ColorScheme::systemPrefersDark(light));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, Qt::white);
    QVERIFY(ColorScheme::systemPrefersDark(dark));
    const QPalette ours = ColorScheme::darkPalette();
    QVERIFY(ours.color(QPalette::Window).lightness() < ours.color(QPalette::WindowText).lightness());
    QVERIFY(ours.color(QPalette::Base).lightness() < ours.color(QPalette::Text).lightness());
}

namespace {

// Controls a screen reader announces: each needs an accessible name or a visible text of its own.
QStringList unnamedControls(const QWidget &root)
{
    QStringList unnamed;
    const QList<QWidget *> widgets = root.findChildren<QWidget *>();
    for (const QWidget *widget : widgets) {
        const bool control = qobject_cast<const QLineEdit *>(widget)
            || qobject_cast<const QComboBox *>(widget) || qobject_cast<const QAbstractButton *>(widget);
        if (!control || widget->inherits("QLineEditIconButton") || widget->objectName().startsWith(u"qt_"_s))
            continue;
        const auto *button = qobject_cast<const QAbstractButton *>(widget);
        if (widget->accessibleName().isEmpty() && (!button || button->text().isEmpty()))
            unnamed.append(widget->objectName().isEmpty()
                    ? QString::fromLatin1(widget->metaObject()->className())
                    : widget->objectName());
    }
    return unnamed;
}

} // namespace

void TestConsoleDesktop::everyControlIsNamed()
{
    SettingsPage page(*m_host);
    QStringList unnamed = unnamedControls(page);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u", "_s)));
    FirstRunWizard wizard(
        m_dir.filePath(u"wizard"_s), { PaymentSettings::PayToEvm.spec }, u"127.0.0.1:8402"_s);
    for (int id : wizard.pageIds()) {
        unnamed = unnamedControls(*wizard.page(id));
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u", "_s)));
    }
    BackupPassphraseDialog dialog;
    unnamed = unnamedControls(dialog);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u", "_s)));
    MainWindow window(*m_host);
    QVERIFY(!window.findChild<QWidget *>(u"navigation"_s)->accessibleName().isEmpty());
}

QTEST_MAIN(TestConsoleDesktop)
#include "TestConsoleDesktop.moc"
