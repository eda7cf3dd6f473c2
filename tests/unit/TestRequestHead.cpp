#include "http/RequestHead.h"

#include <QTest>
#include <limits>

using namespace Qt::StringLiterals;
using namespace ades;

class TestRequestHead : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void framingAndPersistence_data();
    void framingAndPersistence();
    void requestLine_data();
    void requestLine();
    void blockEndAndPath();
    void requestDataAsQHttpServerReadsIt();
};

void TestRequestHead::parse_data()
{
    QTest::addColumn<QByteArray>("block");
    QTest::addColumn<int>("status"); // 0: parsed
    QTest::addColumn<QString>("errorCode");

    const QByteArray post = "POST /x HTTP/1.1\r\nHost: h\r\n";
    QTest::newRow("get") << QByteArray("GET / HTTP/1.1\r\nHost: example.org\r\n\r\n") << 0 << QString();
    QTest::newRow("bare-lf") << QByteArray("GET / HTTP/1.1\nHost: h\n\n") << 0 << QString();
    QTest::newRow("host-with-port") << QByteArray("GET / HTTP/1.1\r\nHost: h:8402\r\n\r\n") << 0 << QString();
    QTest::newRow("host-ipv6") << QByteArray("GET / HTTP/1.1\r\nHost: [::1]:8402\r\n\r\n") << 0 << QString();
    QTest::newRow("host-empty") << QByteArray("GET / HTTP/1.1\r\nHost:\r\n\r\n") << 0 << QString();
    QTest::newRow("http10-no-host") << QByteArray("GET / HTTP/1.0\r\n\r\n") << 0 << QString();
    QTest::newRow("missing-host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400 << u"missing_host"_s;
    QTest::newRow("two-hosts") << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") << 400
                               << u"invalid_host"_s;
    QTest::newRow("host-with-path") << QByteArray("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n") << 400
                                    << u"invalid_host"_s;
    QTest::newRow("host-with-userinfo")
        << QByteArray("GET / HTTP/1.1\r\nHost: u@a\r\n\r\n") << 400 << u"invalid_host"_s;
    QTest::newRow("host-port-letters")
        << QByteArray("GET / HTTP/1.1\r\nHost: a:80x\r\n\r\n") << 400 << u"invalid_host"_s;
    QTest::newRow("no-colon") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n") << 400
                              << u"invalid_header_field"_s;
    QTest::newRow("obs-fold") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n\tb\r\n\r\n") << 400
                              << u"invalid_header_field"_s;
    QTest::newRow("space-before-colon")
        << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX : a\r\n\r\n") << 400 << u"invalid_header_field"_s;
    QTest::newRow("nul-in-value") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX: a") + QByteArray(1, '\0')
            + QByteArray("b\r\n\r\n")
                                  << 400 << u"invalid_header_field"_s;
    QTest::newRow("bare-cr-in-value")
        << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n") << 400 << u"invalid_header_field"_s;
    QTest::newRow("content-length-sign") << post + "Content-Length: +5\r\n\r\n"
                                         << 400 << u"invalid_content_length"_s;
    QTest::newRow("content-length-twice-same") << post + "Content-Length: 5\r\nContent-Length: 5\r\n\r\n"
                                               << 0 << QString();
    QTest::newRow("content-length-conflict") << post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\n"
                                             << 400 << u"invalid_content_length"_s;
    QTest::newRow("te-and-cl") << post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                               << 400 << u"conflicting_body_length"_s;
    QTest::newRow("te-chunked") << post + "Transfer-Encoding: chunked\r\n\r\n" << 0 << QString();
    QTest::newRow("te-chunked-case") << post + "Transfer-Encoding: ChUnKeD\r\n\r\n" << 0 << QString();
    QTest::newRow("te-empty-elements") << post + "Transfer-Encoding: , chunked ,\r\n\r\n" << 0 << QString();
    QTest::newRow("te-xchunked") << post + "Transfer-Encoding: xchunked\r\n\r\n"
                                 << 501 << u"unsupported_transfer_encoding"_s;
    QTest::newRow("te-gzip") << post + "Transfer-Encoding: gzip\r\n\r\n"
                             << 501 << u"unsupported_transfer_encoding"_s;
    QTest::newRow("te-gzip-chunked") << post + "Transfer-Encoding: gzip, chunked\r\n\r\n"
                                     << 501 << u"unsupported_transfer_encoding"_s;
    QTest::newRow("te-chunked-identity") << post + "Transfer-Encoding: chunked, identity\r\n\r\n"
                                         << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("te-chunked-twice-one-field") << post + "Transfer-Encoding: chunked, chunked\r\n\r\n"
                                                << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("te-chunked-twice-two-fields")
        << post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
        << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("te-split-over-fields")
        << post + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
        << 501 << u"unsupported_transfer_encoding"_s;
    QTest::newRow("te-chunked-parameter") << post + "Transfer-Encoding: chunked;x=1\r\n\r\n"
                                          << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("te-not-a-token") << post + "Transfer-Encoding: chun ked\r\n\r\n"
                                    << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("te-empty") << post + "Transfer-Encoding:\r\n\r\n" << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("te-in-http10") << QByteArray("POST /x HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n")
                                  << 400 << u"invalid_transfer_encoding"_s;
}

void TestRequestHead::parse()
{
    QFETCH(QByteArray, block);
    QFETCH(int, status);
    QFETCH(QString, errorCode);

    const Result<RequestHead> head = RequestHead::parse(block);
    QCOMPARE(head.ok() ? 0 : head.error().httpStatus(), status);
    QCOMPARE(head.ok() ? QString() : head.error().code(), errorCode);
}

void TestRequestHead::framingAndPersistence_data()
{
    QTest::addColumn<QByteArray>("block");
    QTest::addColumn<qint64>("contentLength");
    QTest::addColumn<bool>("chunked");
    QTest::addColumn<bool>("expectContinue");
    QTest::addColumn<bool>("keepAlive");

    QTest::newRow("http11") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\n\r\n") << qint64(-1) << false << false
                            << true;
    QTest::newRow("http11-close") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
                                  << qint64(-1) << false << false << false;
    QTest::newRow("http11-close-listed")
        << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nConnection: TE, CLOSE\r\n\r\n") << qint64(-1) << false
        << false << false;
    QTest::newRow("http10") << QByteArray("GET / HTTP/1.0\r\n\r\n") << qint64(-1) << false << false << false;
    QTest::newRow("http10-keep-alive") << QByteArray("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
                                       << qint64(-1) << false << false << true;
    QTest::newRow("http10-close-wins")
        << QByteArray("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n") << qint64(-1) << false
        << false << false;
    QTest::newRow("length") << QByteArray("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0042\r\n\r\n")
                            << qint64(42) << false << false << true;
    QTest::newRow("huge-length") << QByteArray(
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n")
                                 << std::numeric_limits<qint64>::max() << false << false << true;
    QTest::newRow("chunked-expect") << QByteArray(
        "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nExpect: 100-Continue\r\n\r\n")
                                    << qint64(-1) << true << true << true;
}

void TestRequestHead::framingAndPersistence()
{
    QFETCH(QByteArray, block);
    QFETCH(qint64, contentLength);
    QFETCH(bool, chunked);
    QFETCH(bool, expectContinue);
    QFETCH(bool, keepAlive);

    const Result<RequestHead> head = RequestHead::parse(block);
    QVERIFY(head.ok());
    QCOMPARE(head.value().contentLength, contentLength);
    QCOMPARE(head.value().chunked, chunked);
    QCOMPARE(head.value().expectContinue, expectContinue);
    QCOMPARE(head.value().keepAlive, keepAlive);
}

void TestRequestHead::requestLine_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<int>("verdict");

    const int incomplete = int(RequestHead::Verdict::Incomplete);
    const int valid = int(RequestHead::Verdict::Valid);
    const int invalid = int(RequestHead::Verdict::Invalid);
    QTest::newRow("get") << QByteArray("GET /x HTTP/1.1\r") << true << valid;
    QTest::newRow("method-only-so-far") << QByteArray("GE") << false << incomplete;
    QTest::newRow("target-so-far") << QByteArray("GET /abc") << false << incomplete;
    QTest::newRow("version-so-far") << QByteArray("GET /abc HTTP/1") << false << incomplete;
    QTest::newRow("short-version") << QByteArray("GET /abc HTTP/1") << true << invalid;
    QTest::newRow("no-target") << QByteArray("GET") << true << invalid;
    QTest::newRow("binary") << QByteArray::fromHex("16030100") << false << invalid;
    QTest::newRow("control-in-target") << QByteArray("GET /a\x01") << false << invalid;
    QTest::newRow("version-letters") << QByteArray("GET / HTTP/x.1") << false << invalid;
}

void TestRequestHead::requestLine()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, complete);
    QFETCH(int, verdict);

    QCOMPARE(int(RequestHead::checkRequestLine(line, complete)), verdict);
}

void TestRequestHead::blockEndAndPath()
{
    const QByteArray block = "POST /v1/einvoice?x=1 HTTP/1.1\r\nHost: h\r\n\r\nBODY";
    QCOMPARE(RequestHead::blockEnd(block), block.indexOf("BODY"));
    QCOMPARE(RequestHead::blockEnd("GET / HTTP/1.1\nHost: h\n\nB"), 24);
    QCOMPARE(RequestHead::blockEnd("GET / HTTP/1.1\r\nHost: h\r\n"), -1);
    QCOMPARE(RequestHead::pathOf(block), QByteArrayView("/v1/einvoice"));
    QCOMPARE(RequestHead::pathOf("GET  /a#frag HTTP/1.1\r\n"), QByteArrayView("/a"));
}

void TestRequestHead::requestDataAsQHttpServerReadsIt()
{
    const Result<RequestHead> head
        = RequestHead::parse("POST /v1/e%69nvoice?name=a%20b.pdf HTTP/1.1\r\nHost: h\r\nX-API-Key:  k "
                             "\r\nContent-Length: 3\r\n\r\n");
    QVERIFY(head.ok());
    const HttpRequestData data = head.value().toRequestData(QHostAddress(u"192.0.2.1"_s));
    QCOMPARE(data.method, QByteArray("POST"));
    QCOMPARE(data.path, u"/v1/einvoice"_s);
    QCOMPARE(data.query.queryItemValue(u"name"_s, QUrl::FullyDecoded), u"a b.pdf"_s);
    QCOMPARE(data.header("x-api-key"), QByteArray("k"));
    QCOMPARE(data.remoteAddress, QHostAddress(u"192.0.2.1"_s));
    QVERIFY(data.body.isEmpty());
}

QTEST_APPLESS_MAIN(TestRequestHead)
#include "TestRequestHead.moc"
