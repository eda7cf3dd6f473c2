// web.read (GET /x402/read, MCP read_web_page; docs/web-reader.md) end to end: the operation through the
// catalog against a loopback TLS fake (the fetcher's test options: scripted resolver, trusted self-signed
// certificate, loopback escape hatch), and the running service, whose real options must refuse every hostile
// URL of the probe list on /x402/read with an uncharged 400 before asking for payment.

#include "CatalogCall.h"
#include "FakeTlsWebServer.h"
#include "RunningService.h"
#include "TestHostResolver.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "ops/web/read/ReadOperation.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::web;

namespace {

QStringList probes()
{
    QFile file(QStringLiteral(ADES_SOURCE_DIR "/tests/data/web/ssrf-probes.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList urls;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.isEmpty() && !line.startsWith('#'))
            urls.append(QString::fromUtf8(line));
    }
    return urls;
}

// A page whose text is not in UTF-8 and whose charset only the header names: read right only if the
// fetcher's decoding reaches the extraction unchanged.
const QByteArray Page = "<!DOCTYPE html><html lang=\"de\"><head><title>Gr\xfc\xdf"
                        "e aus K\xf6ln</title>"
                        "<meta name=\"author\" content=\"Erika Mustermann\"></head><body>"
                        "<nav><a href=\"/\">Start</a> <a href=\"/a\">Archiv</a></nav><article><h1>Gr\xfc\xdf"
                        "e aus K\xf6ln</h1>"
                        "<p>Der Dom steht seit \xfc"
                        "ber siebenhundert Jahren am Rhein, und jedes Jahr kommen "
                        "Millionen Besucher, um die T\xfcrme zu sehen und die Fenster zu bewundern.</p>"
                        "<p>Im Sommer ist die Stadt voller Menschen, die am Ufer sitzen und den Schiffen "
                        "nachsehen, w\xe4hrend die Glocken l\xe4uten und die Sonne langsam untergeht.</p>"
                        "<table><tr><th>Jahr</th><th>Besucher</th></tr><tr><td>2023</td><td>6 Mio.</td></tr>"
                        "<tr><td>2024</td><td>6,2 Mio.</td></tr></table>"
                        "<p>Wer oben auf dem S\xfc"
                        "dturm steht, sieht bei klarem Wetter bis ins Siebengebirge "
                        "und weit \xfc"
                        "ber die D\xe4"
                        "cher der Altstadt hinaus.</p></article>"
                        "<footer>Impressum</footer></body></html>";

} // namespace

class TestWebReadOperation : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::FakeTlsWebServer> m_server;
    std::shared_ptr<test::TestHostResolver> m_resolver;
    FixedClock m_clock { QDateTime(QDate(2026, 3, 14), QTime(9, 30), Qt::UTC) };
    Catalog m_catalog;
    test::RunningService m_service;

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<test::FakeTlsWebServer>(QStringList { u"news.example.com"_s });
        if (!m_server->isReady())
            QSKIP(qPrintable(u"no local TLS server: "_s + m_server->problem()));
        m_resolver = std::make_shared<test::TestHostResolver>();
        m_resolver->answer(u"news.example.com"_s, { { QHostAddress(QHostAddress::LocalHost) } });
        m_resolver->answer(u"inside.example.com"_s, { { QHostAddress(u"10.9.8.7"_s) } });
        FetchOptions options;
        options.resolver = m_resolver;
        options.extraPorts = { m_server->port() };
        options.extraCaCertificates = { m_server->certificate() };
        options.loopbackForTests = true;
        options.clock = &m_clock;
        addReadOperation(m_catalog, options);
        QVERIFY(
            m_service.start({ { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s } }));
    }

    void readsAPage_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("markdown") << u"markdown"_s;
        QTest::newRow("text") << u"text"_s;
    }

    void readsAPage()
    {
        QFETCH(QString, format);
        m_server->setHandler([](const QByteArray &head) {
            if (head.startsWith("GET /old "))
                return test::FakeTlsWebServer::response(301, "Location: /2024/dom.html\r\n", {});
            return test::FakeTlsWebServer::response(
                200, "Content-Type: text/html; charset=ISO-8859-1\r\n", Page);
        });
        const QString url = u"https://news.example.com:%1/old"_s.arg(m_server->port());
        const Outcome outcome = test::callThroughCatalog(
            m_catalog, u"web.read"_s, { { u"url"_s, url }, { u"format"_s, format } });
        QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : outcome.error().message()));
        const QJsonObject data = outcome.value().data;
        QCOMPARE(data.value(u"title"_s).toString(), u"Grüße aus Köln"_s);
        QCOMPARE(data.value(u"author"_s).toString(), u"Erika Mustermann"_s);
        QCOMPARE(data.value(u"language"_s).toString(), u"de"_s);
        QCOMPARE(data.value(u"format"_s).toString(), format);
        const QString text = data.value(u"text"_s).toString();
        QVERIFY2(text.contains(u"seit über siebenhundert Jahren"_s), qPrintable(text));
        QVERIFY2(text.contains(u"Siebengebirge"_s), qPrintable(text));
        QVERIFY2(!text.contains(u"Impressum"_s) && !text.contains(u"Archiv"_s), qPrintable(text));
        QCOMPARE(data.value(u"tables"_s).toArray().size(), 1);
        const QString finalUrl = u"https://news.example.com:%1/2024/dom.html"_s.arg(m_server->port());
        QCOMPARE(data.value(u"url"_s).toString(), finalUrl);
        QCOMPARE(outcome.value().subject, finalUrl);
        const QJsonObject fetch = data.value(u"fetch"_s).toObject();
        QCOMPARE(fetch.value(u"status"_s).toInt(), 200);
        QCOMPARE(fetch.value(u"final_url"_s).toString(), finalUrl);
        QCOMPARE(fetch.value(u"redirects"_s).toArray().size(), 1);
        QCOMPARE(fetch.value(u"charset"_s).toString(), u"windows-1252"_s);
        QCOMPARE(fetch.value(u"content_type"_s).toString(), u"text/html"_s);
        QCOMPARE(fetch.value(u"bytes"_s).toInteger(), Page.size());
        QCOMPARE(fetch.value(u"sha256"_s).toString(),
            QString::fromLatin1(QCryptographicHash::hash(Page, QCryptographicHash::Sha256).toHex()));
        QCOMPARE(fetch.value(u"fetched_at"_s).toString(), u"2026-03-14T09:30:00Z"_s); // from the area's clock
    }

    void headerCharsetWinsOverAStaleMeta()
    {
        // WHATWG: the header's charset beats a <meta>; the extraction must get the text as the fetcher
        // decoded it, not decode it again by the meta.
        m_server->setHandler([](const QByteArray &) {
            return test::FakeTlsWebServer::response(200, "Content-Type: text/html; charset=utf-8\r\n",
                "<html><head><meta charset=\"windows-1251\"><title>Caf\xc3\xa9 "
                "\xe2\x82\xac</title></head><body>"
                "<article><p>Stra\xc3\x9f"
                "enfest am Sonntag: f\xc3\xbcnf B\xc3\xbchnen, zw\xc3\xb6lf Stunden Musik und "
                "ein Markt mit K\xc3\xa4se, Brot und Wein aus der ganzen "
                "Region.</p></article></body></html>");
        });
        const Outcome outcome = test::callThroughCatalog(m_catalog, u"web.read"_s,
            { { u"url"_s, u"https://news.example.com:%1/fest"_s.arg(m_server->port()) } });
        QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : outcome.error().message()));
        QCOMPARE(outcome.value().data.value(u"title"_s).toString(), u"Café €"_s);
        QVERIFY2(outcome.value().data.value(u"text"_s).toString().contains(
                     u"Straßenfest am Sonntag: fünf Bühnen"_s),
            qPrintable(outcome.value().data.value(u"text"_s).toString()));
        QCOMPARE(outcome.value().data.value(u"fetch"_s).toObject().value(u"charset_source"_s).toString(),
            u"header"_s);
    }

    void readsPlainText()
    {
        m_server->setHandler([](const QByteArray &) {
            return test::FakeTlsWebServer::response(
                200, "Content-Type: text/plain\r\n", "Line one.\n\nLine two.\n");
        });
        const Outcome outcome = test::callThroughCatalog(m_catalog, u"web.read"_s,
            { { u"url"_s, u"https://news.example.com:%1/a.txt"_s.arg(m_server->port()) } });
        QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : outcome.error().message()));
        QCOMPARE(outcome.value().data.value(u"text"_s).toString(), u"Line one.\n\nLine two."_s);
        QCOMPARE(outcome.value().data.value(u"fetch"_s).toObject().value(u"content_type"_s).toString(),
            u"text/plain"_s);
    }

    void refusalsThroughTheCatalogAreUnchargedBadRequests_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("redirect inside") << u"https://news.example.com:%1/r"_s;
        QTest::newRow("resolves inside") << u"https://inside.example.com/"_s;
        QTest::newRow("loopback spelling on 443") << u"https://0x7f.1/"_s;
        QTest::newRow("http") << u"http://news.example.com/"_s;
    }

    void refusalsThroughTheCatalogAreUnchargedBadRequests()
    {
        QFETCH(QString, url);
        m_server->setHandler([](const QByteArray &) {
            return test::FakeTlsWebServer::response(302, "Location: https://192.168.1.1/\r\n", {});
        });
        const Outcome outcome = test::callThroughCatalog(m_catalog, u"web.read"_s,
            { { u"url"_s, url.contains(u"%1"_s) ? url.arg(m_server->port()) : url } });
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.error().httpStatus(), 400);
        QCOMPARE(outcome.error().param(), u"url"_s);
        QVERIFY2(outcome.error().code().startsWith(u"url_"_s), qPrintable(outcome.error().code()));
        QCOMPARE(outcome.error().toJson().value(u"charged"_s).toBool(true), false);
    }

    void everyProbeOnTheRouteIsRefusedBeforePayment_data()
    {
        QTest::addColumn<QString>("url");
        for (const QString &url : probes()) {
            // Names the probe list lets a test resolver map inside are resolved after payment in the real
            // service; the URL-level refusals come before it.
            if (url.contains(u".example.net"_s) || url.contains(u".example.com/"_s)
                || url.contains(u".example.org"_s))
                continue;
            QTest::newRow(url.toUtf8().constData()) << url;
        }
    }

    void everyProbeOnTheRouteIsRefusedBeforePayment()
    {
        QFETCH(QString, url);
        const test::HttpTestResponse response
            = m_service.client->get(u"/x402/read?url="_s + QString::fromLatin1(QUrl::toPercentEncoding(url)));
        QCOMPARE(response.status, 400);
        const QJsonObject body = response.json();
        QCOMPARE(body.value(u"charged"_s).toBool(true), false);
        QCOMPARE(body.value(u"error"_s).toObject().value(u"param"_s).toString(), u"url"_s);
        QVERIFY2(body.value(u"error_code"_s).toString().startsWith(u"url_"_s), response.body.constData());
    }

    void mcpToolRefusesTooAndIsListed()
    {
        const QJsonObject result = m_service.client->callMcpTool(
            u"read_web_page"_s, { { u"url"_s, u"https://169.254.169.254/"_s } });
        QVERIFY2(result.value(u"isError"_s).toBool(),
            qPrintable(QString::fromUtf8(QJsonDocument(result).toJson())));
        QVERIFY(QString::fromUtf8(QJsonDocument(result).toJson()).contains(u"url_link_local"_s));
    }
};

QTEST_GUILESS_MAIN(TestWebReadOperation)
#include "TestWebReadOperation.moc"
