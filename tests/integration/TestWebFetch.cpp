// The web reader's fetcher against loopback TLS fakes (docs/web-reader.md, "Fetching safely"): a test
// resolver maps names to 127.0.0.1 (the only internal range the tests' escape hatch opens) or to internal
// addresses, so that DNS rebinding, redirect chains, caps, content types, charsets and the time limit are
// exercised over real TLS with a self-signed certificate the fetcher is told to trust.

#include "FakeTlsWebServer.h"
#include "TestHostResolver.h"
#include "ops/web/fetch/SafeFetch.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <zlib.h>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::web;

namespace {

const QStringList Names = { u"site.example.com"_s, u"other.example.com"_s, u"rebind.example.com"_s };
const QHostAddress Loopback(QHostAddress::LocalHost);

QByteArray compress(const QByteArray &data, int windowBits)
{
    z_stream stream {};
    deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY);
    QByteArray out(int(deflateBound(&stream, uLong(data.size()))) + 64, Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.resize(qsizetype(stream.total_out));
    deflateEnd(&stream);
    return out;
}

QByteArray gzip(const QByteArray &data)
{
    return compress(data, 16 + MAX_WBITS);
}

} // namespace

class TestWebFetch : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::FakeTlsWebServer> m_server;
    std::shared_ptr<test::TestHostResolver> m_resolver;

    FetchOptions options() const
    {
        FetchOptions options;
        options.resolver = m_resolver;
        options.extraPorts = { m_server->port() };
        options.extraCaCertificates = { m_server->certificate() };
        options.loopbackForTests = true;
        options.timeoutMs = 5000;
        return options;
    }

    QString url(const QString &host, const QString &path = u"/"_s) const
    {
        return u"https://%1:%2%3"_s.arg(host).arg(m_server->port()).arg(path);
    }

    static Result<FetchedPage> fetch(const QString &url, const FetchOptions &options)
    {
        std::optional<Result<FetchedPage>> outcome;
        QEventLoop loop;
        SafeFetch::start(url, options, [&](Result<FetchedPage> result) {
            outcome.emplace(std::move(result));
            loop.quit();
        });
        if (!outcome) {
            QTimer::singleShot(30000, &loop, &QEventLoop::quit);
            loop.exec();
        }
        if (!outcome)
            return ServiceError::internal(u"no outcome within 30 s"_s);
        return *outcome;
    }

    static QString problem(const Result<FetchedPage> &result)
    {
        return result.ok() ? QString() : result.error().code() + u": "_s + result.error().message();
    }

    static QByteArray html(const QByteArray &body)
    {
        return test::FakeTlsWebServer::response(200, "Content-Type: text/html; charset=utf-8\r\n", body);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<test::FakeTlsWebServer>(Names);
        if (!m_server->isReady())
            QSKIP(qPrintable(u"no local TLS server: "_s + m_server->problem()));
    }

    void init()
    {
        m_resolver = std::make_shared<test::TestHostResolver>();
        for (const QString &name : Names)
            m_resolver->answer(name, { { Loopback } });
        m_server->setHandler({});
    }

    void fetchesOverThePinnedConnection()
    {
        const QByteArray body = "<html><head><title>T</title></head><body><p>Grüße</p></body></html>";
        m_server->setHandler([&](const QByteArray &) { return html(body); });
        const int before = int(m_server->requests().size());
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s, u"/a?b=1#frag"_s), options());
        QVERIFY2(page.ok(), qPrintable(problem(page)));
        QCOMPARE(page.value().status, 200);
        QCOMPARE(page.value().text, QString::fromUtf8(body));
        QCOMPARE(page.value().charset, u"utf-8"_s);
        QCOMPARE(page.value().charsetSource, u"header"_s);
        QCOMPARE(page.value().contentType, u"text/html"_s);
        QCOMPARE(page.value().address, Loopback);
        QCOMPARE(page.value().finalUrl.toString(), url(u"site.example.com"_s, u"/a?b=1"_s));
        const QJsonObject evidence = page.value().evidence();
        QCOMPARE(evidence.value(u"sha256"_s).toString(),
            QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex()));
        QCOMPARE(evidence.value(u"bytes"_s).toInteger(), body.size());
        QCOMPARE(m_server->requests().size(), before + 1);
        const QByteArray request = m_server->requests().last();
        QVERIFY2(request.startsWith("GET /a?b=1 HTTP/1.1\r\n"), request.constData());
        QVERIFY(request.contains(
            QByteArray("\r\nHost: site.example.com:" + QByteArray::number(m_server->port()) + "\r\n")));
    }

    void rebindingFindsNoSecondLookup()
    {
        // First answer the fake on loopback, every later one an internal address: the fetch must use the
        // first and never ask again, even when the page redirects back to the same host.
        m_resolver->answer(u"rebind.example.com"_s, { { Loopback }, { QHostAddress(u"10.0.0.7"_s) } });
        m_server->setHandler([&](const QByteArray &head) {
            if (head.startsWith("GET /start "))
                return test::FakeTlsWebServer::response(302, "Location: /again\r\n", {});
            return html("<p>ok</p>");
        });
        const Result<FetchedPage> page = fetch(url(u"rebind.example.com"_s, u"/start"_s), options());
        QVERIFY2(page.ok(), qPrintable(problem(page)));
        QCOMPARE(m_resolver->lookups(u"rebind.example.com"_s), 1);
        QCOMPARE(page.value().finalUrl.path(), u"/again"_s);
        QCOMPARE(page.value().redirects.size(), 1);
    }

    void rebindingToInternalIsRefused()
    {
        m_resolver->answer(u"rebind.example.com"_s, { { QHostAddress(u"10.0.0.7"_s) }, { Loopback } });
        const int connections = m_server->connections();
        const Result<FetchedPage> page = fetch(url(u"rebind.example.com"_s), options());
        QVERIFY(!page.ok());
        QCOMPARE(page.error().code(), u"url_private"_s);
        QCOMPARE(page.error().httpStatus(), 400);
        QCOMPARE(m_resolver->lookups(u"rebind.example.com"_s), 1);
        QCOMPARE(m_server->connections(), connections);
    }

    void redirectsAreCheckedAgain_data()
    {
        QTest::addColumn<QByteArray>("location");
        QTest::addColumn<QString>("code");
        QTest::newRow("private address") << QByteArray("https://10.1.2.3/") << u"url_private"_s;
        QTest::newRow("metadata") << QByteArray("https://169.254.169.254/latest/meta-data/")
                                  << u"url_link_local"_s;
        QTest::newRow("decimal loopback spelling, other port")
            << QByteArray("https://2130706433:444/") << u"url_port"_s;
        QTest::newRow("http") << QByteArray("http://other.example.com/") << u"url_not_https"_s;
        QTest::newRow("userinfo") << QByteArray("https://other.example.com@10.0.0.1/") << u"url_userinfo"_s;
        QTest::newRow("name resolving inside")
            << QByteArray("https://inside.example.com/") << u"url_private"_s;
        QTest::newRow("v6 ula") << QByteArray("https://[fd00::1]/") << u"url_unique_local"_s;
        QTest::newRow("file") << QByteArray("file:///etc/passwd") << u"url_not_https"_s;
    }

    void redirectsAreCheckedAgain()
    {
        QFETCH(QByteArray, location);
        QFETCH(QString, code);
        m_resolver->answer(u"inside.example.com"_s, { { QHostAddress(u"192.168.0.10"_s) } });
        m_server->setHandler([&](const QByteArray &) {
            return test::FakeTlsWebServer::response(301, "Location: " + location + "\r\n", {});
        });
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), options());
        QVERIFY(!page.ok());
        QCOMPARE(page.error().code(), code);
        QCOMPARE(page.error().httpStatus(), 400);
        QCOMPARE(page.error().param(), u"url"_s);
        QVERIFY2(page.error().message().contains(u"redirect"_s), qPrintable(page.error().message()));
    }

    void fiveRedirectsAreFollowedASixthIsNot()
    {
        // /r/N redirects to /r/N-1 (relative, alternating hosts), /r/0 is the page.
        m_server->setHandler([&](const QByteArray &head) {
            const QByteArray target = head.split(' ').value(1);
            if (!target.startsWith("/r/"))
                return html("<p>no</p>");
            const int n = target.mid(3).toInt();
            if (n == 0)
                return html("<p>arrived</p>");
            const QByteArray next = n % 2 ? QByteArray("../r/") + QByteArray::number(n - 1)
                                          : url(u"other.example.com"_s, u"/r/%1"_s.arg(n - 1)).toLatin1();
            return test::FakeTlsWebServer::response(307, "Location: " + next + "\r\n", {});
        });
        const Result<FetchedPage> five = fetch(url(u"site.example.com"_s, u"/r/5"_s), options());
        QVERIFY2(five.ok(), qPrintable(problem(five)));
        QCOMPARE(five.value().redirects.size(), 5);
        QCOMPARE(five.value().finalUrl.path(), u"/r/0"_s);
        QCOMPARE(five.value().text, u"<p>arrived</p>"_s);
        const Result<FetchedPage> six = fetch(url(u"site.example.com"_s, u"/r/6"_s), options());
        QVERIFY(!six.ok());
        QCOMPARE(six.error().code(), u"url_too_many_redirects"_s);
        QCOMPARE(six.error().httpStatus(), 400);
    }

    void bodyCap_data()
    {
        QTest::addColumn<QByteArray>("answer");
        const QByteArray big(300 * 1024, 'a');
        QTest::newRow("content-length") << html(big);
        QByteArray chunked
            = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n";
        for (int i = 0; i < 40; ++i)
            chunked += "2000\r\n" + QByteArray(0x2000, 'b') + "\r\n";
        chunked += "0\r\n\r\n";
        QTest::newRow("chunked") << chunked;
        QTest::newRow("until close")
            << "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n" + big;
    }

    void bodyCap()
    {
        QFETCH(QByteArray, answer);
        m_server->setHandler([&](const QByteArray &) { return answer; });
        FetchOptions capped = options();
        capped.maxBodyBytes = 256 * 1024;
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), capped);
        QVERIFY(!page.ok());
        QCOMPARE(page.error().code(), u"page_too_large"_s);
        QCOMPARE(page.error().httpStatus(), 400);
        // The same answer under the default cap arrives whole.
        const Result<FetchedPage> whole = fetch(url(u"site.example.com"_s), options());
        QVERIFY2(whole.ok(), qPrintable(problem(whole)));
        QVERIFY(whole.value().body.size() >= 300 * 1024);
    }

    void decompression()
    {
        const QByteArray text = QByteArray("<p>") + QByteArray(50'000, 'x') + "</p>";
        QByteArray encoding = "gzip";
        m_server->setHandler([&](const QByteArray &) {
            const QByteArray body = encoding == "gzip" ? gzip(text) : compress(text, MAX_WBITS);
            return test::FakeTlsWebServer::response(
                200, "Content-Type: text/html\r\nContent-Encoding: " + encoding + "\r\n", body);
        });
        for (const QByteArray &coding : { QByteArray("gzip"), QByteArray("deflate") }) {
            encoding = coding;
            const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), options());
            QVERIFY2(page.ok(), qPrintable(problem(page)));
            QCOMPARE(page.value().body, text);
            QVERIFY(page.value().wireBytes < text.size() / 10);
            QCOMPARE(page.value().evidence().value(u"sha256"_s).toString(),
                QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex()));
        }
    }

    void decompressionBombIsCapped()
    {
        // 64 MiB of zeros in a few dozen KiB: refused once the output passes the inflated cap.
        const QByteArray bomb = gzip(QByteArray(64 * 1024 * 1024, '\0'));
        QVERIFY(bomb.size() < 100 * 1024);
        m_server->setHandler([&](const QByteArray &) {
            return test::FakeTlsWebServer::response(
                200, "Content-Type: text/html\r\nContent-Encoding: gzip\r\n", bomb);
        });
        FetchOptions capped = options();
        capped.maxInflatedBytes = 1024 * 1024;
        QElapsedTimer clock;
        clock.start();
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), capped);
        QVERIFY(!page.ok());
        QCOMPARE(page.error().code(), u"page_too_large"_s);
        QVERIFY2(page.error().message().contains(u"decompressed"_s), qPrintable(page.error().message()));
    }

    void contentTypes_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("html") << QByteArray("Content-Type: text/html\r\n") << true;
        QTest::newRow("HTML upper case, params")
            << QByteArray("Content-Type: TEXT/HTML ; charset=utf-8\r\n") << true;
        QTest::newRow("xhtml") << QByteArray("Content-Type: application/xhtml+xml\r\n") << true;
        QTest::newRow("plain") << QByteArray("Content-Type: text/plain\r\n") << true;
        QTest::newRow("pdf") << QByteArray("Content-Type: application/pdf\r\n") << false;
        QTest::newRow("png") << QByteArray("Content-Type: image/png\r\n") << false;
        QTest::newRow("json") << QByteArray("Content-Type: application/json\r\n") << false;
        QTest::newRow("javascript") << QByteArray("Content-Type: text/javascript\r\n") << false;
        QTest::newRow("svg") << QByteArray("Content-Type: image/svg+xml\r\n") << false;
        QTest::newRow("octet-stream") << QByteArray("Content-Type: application/octet-stream\r\n") << false;
        QTest::newRow("none") << QByteArray() << false;
        QTest::newRow("html-ish prefix") << QByteArray("Content-Type: text/htmlx\r\n") << false;
    }

    void contentTypes()
    {
        QFETCH(QByteArray, header);
        QFETCH(bool, accepted);
        m_server->setHandler(
            [&](const QByteArray &) { return test::FakeTlsWebServer::response(200, header, "<p>x</p>"); });
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), options());
        QCOMPARE(page.ok(), accepted);
        if (!accepted) {
            QCOMPARE(page.error().code(), u"unsupported_content_type"_s);
            QCOMPARE(page.error().httpStatus(), 400);
            QCOMPARE(page.error().param(), u"url"_s);
        }
    }

    void charsets_data()
    {
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("charset");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("contains");
        QTest::newRow("header latin1 is windows-1252")
            << QByteArray("text/html; charset=ISO-8859-1") << QByteArray("<p>caf\xe9 \x80</p>")
            << u"windows-1252"_s << u"header"_s << u"café €"_s;
        QTest::newRow("quoted header") << QByteArray("text/html; charset=\"windows-1251\"")
                                       << QByteArray("<p>\xcf\xf0\xe8\xe2\xe5\xf2</p>") << u"windows-1251"_s
                                       << u"header"_s << u"Привет"_s;
        QTest::newRow("meta charset")
            << QByteArray("text/html")
            << QByteArray("<html><head><meta charset=\"koi8-r\"></head><p>\xf0\xd2\xc9\xd7\xc5\xd4</p>")
            << u"koi8-r"_s << u"meta"_s << u"Привет"_s;
        QTest::newRow("meta http-equiv")
            << QByteArray("text/html")
            << QByteArray("<meta http-equiv=\"Content-Type\" content=\"text/html; "
                          "charset=Shift_JIS\"><p>\x93\xfa\x96\x7b</p>")
            << u"shift_jis"_s << u"meta"_s << u"日本"_s;
        QTest::newRow("commented meta ignored")
            << QByteArray("text/html") << QByteArray("<!-- <meta charset=koi8-r> --><p>caf\xc3\xa9</p>")
            << u"utf-8"_s << u"default"_s << u"café"_s;
        QTest::newRow("header beats meta")
            << QByteArray("text/html; charset=utf-8") << QByteArray("<meta charset=koi8-r><p>caf\xc3\xa9</p>")
            << u"utf-8"_s << u"header"_s << u"café"_s;
        QTest::newRow("bom beats header")
            << QByteArray("text/html; charset=windows-1252") << QByteArray("\xef\xbb\xbf<p>caf\xc3\xa9</p>")
            << u"utf-8"_s << u"bom"_s << u"café"_s;
        QTest::newRow("utf-16le bom") << QByteArray("text/plain") << QByteArray("\xff\xfeh\0i\0", 6)
                                      << u"utf-16le"_s << u"bom"_s << u"hi"_s;
        QTest::newRow("meta utf-16 means utf-8")
            << QByteArray("text/html") << QByteArray("<meta charset=utf-16><p>caf\xc3\xa9</p>") << u"utf-8"_s
            << u"meta"_s << u"café"_s;
        QTest::newRow("undeclared invalid utf-8") << QByteArray("text/plain") << QByteArray("caf\xe9")
                                                  << u"windows-1252"_s << u"default"_s << u"café"_s;
        QTest::newRow("unknown label")
            << QByteArray("text/html; charset=no-such-charset") << QByteArray("<p>caf\xc3\xa9</p>")
            << u"utf-8"_s << u"default"_s << u"café"_s;
    }

    void charsets()
    {
        QFETCH(QByteArray, contentType);
        QFETCH(QByteArray, body);
        QFETCH(QString, charset);
        QFETCH(QString, source);
        QFETCH(QString, contains);
        m_server->setHandler([&](const QByteArray &) {
            return test::FakeTlsWebServer::response(200, "Content-Type: " + contentType + "\r\n", body);
        });
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), options());
        QVERIFY2(page.ok(), qPrintable(problem(page)));
        QCOMPARE(page.value().charset, charset);
        QCOMPARE(page.value().charsetSource, source);
        QVERIFY2(page.value().text.contains(contains), qPrintable(page.value().text));
    }

    void timeLimitEndsASilentServer()
    {
        m_server->setHandler([&](const QByteArray &) { return QByteArray(); }); // never answers
        FetchOptions quick = options();
        quick.timeoutMs = 1000;
        QElapsedTimer clock;
        clock.start();
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), quick);
        QVERIFY(!page.ok());
        QCOMPARE(page.error().code(), u"source_unavailable"_s);
        QCOMPARE(page.error().httpStatus(), 503);
        QVERIFY2(clock.elapsed() < 4000, qPrintable(QString::number(clock.elapsed())));
    }

    void timeLimitEndsATricklingServer()
    {
        // A head that promises a body which never comes: the limit covers the whole fetch, not each read.
        m_server->setHandler([&](const QByteArray &) {
            QByteArray partial
                = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>";
            partial.detach();
            return partial;
        });
        FetchOptions quick = options();
        quick.timeoutMs = 1000;
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), quick);
        QVERIFY(!page.ok());
        // Either the limit ends it, or the fake closes first and the body is short: never a page.
        QVERIFY2(page.error().code() == u"source_unavailable"_s, qPrintable(problem(page)));
    }

    void fetchesBeyondTheLimitAreRefusedUntilASlotFrees()
    {
        m_server->setHandler([&](const QByteArray &) { return QByteArray(); }); // never answers
        FetchOptions bounded = options();
        bounded.timeoutMs = 1000;
        bounded.slots = std::make_shared<FetchSlots>(1);
        std::optional<Result<FetchedPage>> first;
        SafeFetch::start(
            url(u"site.example.com"_s), bounded, [&](Result<FetchedPage> r) { first.emplace(r); });
        QCOMPARE(bounded.slots->inUse(), 1);

        const Result<FetchedPage> second = fetch(url(u"site.example.com"_s), bounded);
        QVERIFY(!second.ok());
        QCOMPARE(second.error().httpStatus(), 503);
        QVERIFY2(
            second.error().message().contains(u"web/fetch/max_concurrent"_s), qPrintable(problem(second)));

        QTRY_VERIFY_WITH_TIMEOUT(first.has_value(), 5000); // the silent server's fetch ends at its limit
        QCOMPARE(bounded.slots->inUse(), 0);
        m_server->setHandler([&](const QByteArray &) { return html("<p>free again</p>"); });
        const Result<FetchedPage> third = fetch(url(u"site.example.com"_s), bounded);
        QVERIFY2(third.ok(), qPrintable(problem(third)));
        QCOMPARE(bounded.slots->inUse(), 0);
    }

    void untrustedCertificateIsRefused()
    {
        m_server->setHandler([&](const QByteArray &) { return html("<p>x</p>"); });
        FetchOptions untrusting = options();
        untrusting.extraCaCertificates.clear();
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), untrusting);
        QVERIFY(!page.ok());
        QCOMPARE(page.error().httpStatus(), 503);
    }

    void certificateMustNameTheHost()
    {
        m_resolver->answer(u"unnamed.example.com"_s, { { Loopback } });
        m_server->setHandler([&](const QByteArray &) { return html("<p>x</p>"); });
        const Result<FetchedPage> page = fetch(url(u"unnamed.example.com"_s), options());
        QVERIFY(!page.ok());
        QCOMPARE(page.error().httpStatus(), 503);
    }

    void unlistedPortIsRefused()
    {
        FetchOptions noPorts = options();
        noPorts.extraPorts.clear();
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), noPorts);
        QVERIFY(!page.ok());
        QCOMPARE(page.error().code(), u"url_port"_s);
    }

    void errorStatuses()
    {
        int status = 404;
        m_server->setHandler([&](const QByteArray &) {
            return test::FakeTlsWebServer::response(status, "Content-Type: text/html\r\n", "no");
        });
        Result<FetchedPage> page = fetch(url(u"site.example.com"_s), options());
        QVERIFY(!page.ok());
        QCOMPARE(page.error().httpStatus(), 422);
        QCOMPARE(page.error().code(), u"page_status"_s);
        status = 502;
        page = fetch(url(u"site.example.com"_s), options());
        QVERIFY(!page.ok());
        QCOMPARE(page.error().httpStatus(), 503);
    }

    void systemResolverAnswersOnTheCallingThread()
    {
        // The production resolver: QHostInfo off the event loop, the answer back on this thread. localhost
        // comes from /etc/hosts, so no network is needed.
        SystemHostResolver resolver;
        std::optional<QList<QHostAddress>> answer;
        QThread *thread = nullptr;
        resolver.resolve(u"localhost"_s, [&](QList<QHostAddress> addresses, HostResolver::Failure) {
            answer = addresses;
            thread = QThread::currentThread();
        });
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 10000);
        QCOMPARE(thread, QThread::currentThread());
        QVERIFY(!answer->isEmpty());
        for (const QHostAddress &address : *answer)
            QVERIFY2(address.isLoopback(), qPrintable(address.toString()));
        std::optional<HostResolver::Failure> failure;
        resolver.resolve(
            u"no-such-host.invalid"_s, [&](QList<QHostAddress> addresses, HostResolver::Failure f) {
                QVERIFY(addresses.isEmpty());
                failure = f;
            });
        QTRY_VERIFY_WITH_TIMEOUT(failure.has_value(), 15000);
        QVERIFY(*failure != HostResolver::Failure::None);
    }

    void malformedAnswersAreUnusable()
    {
        m_server->setHandler([&](const QByteArray &) { return QByteArray("SSH-2.0-OpenSSH\r\n\r\n"); });
        const Result<FetchedPage> page = fetch(url(u"site.example.com"_s), options());
        QVERIFY(!page.ok());
        QCOMPARE(page.error().httpStatus(), 503);
    }
};

QTEST_GUILESS_MAIN(TestWebFetch)
#include "TestWebFetch.moc"
