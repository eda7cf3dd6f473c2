// Issue 12: receipts' verify_url, the x402 resource.url and the discovery documents named the configured
// service/listen (default 127.0.0.1:8402) although the service listened elsewhere (an ephemeral port, a
// --listen the settings did not know). They now name the address actually served, unless service/public_url
// says otherwise.

#include "FakeFacilitator.h"
#include "RunningService.h"
#include "TestPayments.h"
#include "core/Settings.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString Iban = u"DE89370400440532013000"_s;

QJsonObject paymentRequired(const HttpTestResponse &r)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
}

// What a caller of the service at `client` sees as its public address, from four places.
struct SeenUrls
{
    QString resourceUrl; // the x402 challenge of /x402/iban
    QString receiptVerifyUrl; // receipt.verify_url of a /v1/iban result
    QString verifyDocumentUrl; // GET /verify: verify_url
    QString openApiServer; // /openapi.json servers[0].url
};

SeenUrls seenBy(HttpTestClient &client)
{
    SeenUrls seen;
    seen.resourceUrl = paymentRequired(client.get(u"/x402/iban/"_s + Iban))
                           .value(u"resource"_s)
                           .toObject()
                           .value(u"url"_s)
                           .toString();
    const QByteArray key = client.post(u"/v1/signup"_s, R"({"email":"served@example.com"})")
                               .json()
                               .value(u"api_key"_s)
                               .toString()
                               .toUtf8();
    seen.receiptVerifyUrl = client.get(u"/v1/iban?value="_s + Iban, { { "X-API-Key", key } })
                                .json()
                                .value(u"receipt"_s)
                                .toObject()
                                .value(u"verify_url"_s)
                                .toString();
    seen.verifyDocumentUrl = client.get(u"/verify"_s).json().value(u"verify_url"_s).toString();
    seen.openApiServer = client.get(u"/openapi.json"_s)
                             .json()
                             .value(u"servers"_s)
                             .toArray()
                             .at(0)
                             .toObject()
                             .value(u"url"_s)
                             .toString();
    return seen;
}

} // namespace

class TestServedAddress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ephemeralPortIsNamed();
    void publicUrlSettingWins();
    void serveListenIsNamed();

private:
    FakeFacilitator m_facilitator;
};

void TestServedAddress::ephemeralPortIsNamed()
{
    RunningService service; // service/listen keeps its default, 127.0.0.1:8402; the host binds port 0
    QVERIFY(service.start(localX402Settings(m_facilitator.baseUrl())));
    const QString base = u"http://127.0.0.1:%1"_s.arg(service.host->port());
    QVERIFY(service.host->port() != 8402);
    QCOMPARE(service.context->publicUrl(), base);
    const SeenUrls seen = seenBy(*service.client);
    QCOMPARE(seen.resourceUrl, base + u"/x402/iban/"_s + Iban);
    QCOMPARE(seen.receiptVerifyUrl, base + u"/verify"_s);
    QCOMPARE(seen.verifyDocumentUrl, base + u"/verify"_s);
    QCOMPARE(seen.openApiServer, base);
}

void TestServedAddress::publicUrlSettingWins()
{
    RunningService service;
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"service/public_url"_s, u"https://ades.example/"_s);
    QVERIFY(service.start(settings));
    const SeenUrls seen = seenBy(*service.client);
    QCOMPARE(seen.resourceUrl, u"https://ades.example/x402/iban/"_s + Iban);
    QCOMPARE(seen.receiptVerifyUrl, u"https://ades.example/verify"_s);
    QCOMPARE(seen.verifyDocumentUrl, u"https://ades.example/verify"_s);
    QCOMPARE(seen.openApiServer, u"https://ades.example"_s);
}

void TestServedAddress::serveListenIsNamed()
{
    // `ades serve --listen 127.0.0.1:0` as an operator starts it, with an ades.ini naming another address.
    const QString binary = QCoreApplication::applicationDirPath() + u"/../app/ades"_s;
    if (!QFileInfo(binary).isExecutable())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    QTemporaryDir dir;
    QFile ini(dir.filePath(u"ades.ini"_s));
    QVERIFY(ini.open(QIODevice::WriteOnly));
    ini.write("[service]\nlisten=127.0.0.1:8402\n");
    ini.close();
    QProcess serve;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QHash<QString, QString> x402 = localX402Settings(m_facilitator.baseUrl());
    for (auto it = x402.cbegin(); it != x402.cend(); ++it)
        environment.insert(Settings::environmentName(it.key()), it.value());
    serve.setProcessEnvironment(environment);
    serve.start(binary, { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, dir.path() });
    QVERIFY(serve.waitForStarted(5000));
    // "ades: listening on http://127.0.0.1:PORT (issuer ..., data ...)"
    QByteArray output;
    const QRegularExpression listening(u"listening on http://127\\.0\\.0\\.1:(\\d+) "_s);
    QRegularExpressionMatch match;
    QTRY_VERIFY_WITH_TIMEOUT((output += serve.readAllStandardOutput(),
                                 match = listening.match(QString::fromUtf8(output)), match.hasMatch()),
        10000);
    const quint16 port = quint16(match.captured(1).toUInt());
    QVERIFY(port != 0 && port != 8402);
    HttpTestClient client(port);
    const QString base = u"http://127.0.0.1:%1"_s.arg(port);
    const SeenUrls seen = seenBy(client);
    QCOMPARE(seen.resourceUrl, base + u"/x402/iban/"_s + Iban);
    QCOMPARE(seen.receiptVerifyUrl, base + u"/verify"_s);
    QCOMPARE(seen.verifyDocumentUrl, base + u"/verify"_s);
    QCOMPARE(seen.openApiServer, base);
    serve.terminate();
    QVERIFY(serve.waitForFinished(10000));
}

QTEST_GUILESS_MAIN(TestServedAddress)
#include "TestServedAddress.moc"
