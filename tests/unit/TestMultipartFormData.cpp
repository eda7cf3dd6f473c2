#include "http/MultipartFormData.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

const QByteArray ContentType = "multipart/form-data; boundary=XyZ";

QByteArray part(const QByteArray &headers, const QByteArray &data)
{
    return "--XyZ\r\n" + headers + "\r\n\r\n" + data + "\r\n";
}

} // namespace

class TestMultipartFormData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void boundary_data();
    void boundary();
    void parsesFileAndFields();
    void binaryDataIsKeptByteForByte();
    void preambleAndEpilogueAreIgnored();
    void malformed_data();
    void malformed();
    void partLimit();
};

void TestMultipartFormData::boundary_data()
{
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("expected"); // empty: refused
    QTest::newRow("plain") << QByteArray("multipart/form-data; boundary=abc123") << QByteArray("abc123");
    QTest::newRow("quoted") << QByteArray("multipart/form-data; boundary=\"a b:c\"") << QByteArray("a b:c");
    QTest::newRow("case-insensitive") << QByteArray("Multipart/Form-Data; BOUNDARY=x") << QByteArray("x");
    QTest::newRow("curl-style") << QByteArray(
        "multipart/form-data; boundary=------------------------d74496d66958873e")
                                << QByteArray("------------------------d74496d66958873e");
    QTest::newRow("missing") << QByteArray("multipart/form-data") << QByteArray();
    QTest::newRow("too-long") << QByteArray("multipart/form-data; boundary=" + QByteArray(71, 'a'))
                              << QByteArray();
    QTest::newRow("bad-char") << QByteArray("multipart/form-data; boundary=a{b") << QByteArray();
    QTest::newRow("unclosed-quote") << QByteArray("multipart/form-data; boundary=\"abc") << QByteArray();
}

void TestMultipartFormData::boundary()
{
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, expected);
    QCOMPARE(MultipartFormData::boundary(contentType), expected);
}

void TestMultipartFormData::parsesFileAndFields()
{
    const QByteArray body
        = part("Content-Disposition: form-data; name=\"file\"; filename=\"C:\\\\tmp\\\\inv.xml\"\r\n"
               "Content-Type: application/xml",
              "<Invoice/>")
        + part("content-disposition: form-data; name=\"note\"", "hello") + "--XyZ--\r\n";
    const auto r = MultipartFormData::parse(ContentType, body);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    QCOMPARE(r.value().size(), 2);
    QCOMPARE(r.value().at(0).name, u"file"_s);
    QCOMPARE(r.value().at(0).filename, u"inv.xml"_s); // directories dropped (RFC 7578 §4.2)
    QCOMPARE(r.value().at(0).contentType, QByteArray("application/xml"));
    QCOMPARE(r.value().at(0).data, QByteArray("<Invoice/>"));
    QCOMPARE(r.value().at(1).name, u"note"_s);
    QCOMPARE(r.value().at(1).filename, QString());
    QCOMPARE(r.value().at(1).data, QByteArray("hello"));
}

void TestMultipartFormData::binaryDataIsKeptByteForByte()
{
    QByteArray data;
    for (int i = 0; i < 512; ++i)
        data.append(char(i % 256));
    data.append("\r\n--XY\r\n--XyZX"); // looks like a delimiter but is not one
    const QByteArray body
        = part("Content-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"", data) + "--XyZ--";
    const auto r = MultipartFormData::parse(ContentType, body);
    QVERIFY(!r.ok()); // "\r\n--XyZX" starts with the delimiter: RFC 2046 forbids it inside data
    const QByteArray safe = data.left(512) + "\r\n--XY\r\n";
    const auto ok = MultipartFormData::parse(ContentType,
        part("Content-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"", safe) + "--XyZ--");
    QVERIFY(ok.ok());
    QCOMPARE(ok.value().first().data, safe);
}

void TestMultipartFormData::preambleAndEpilogueAreIgnored()
{
    const QByteArray body = "preamble text\r\n" + part("Content-Disposition: form-data; name=\"a\"", "1")
        + "--XyZ--\r\nepilogue";
    const auto r = MultipartFormData::parse(ContentType, body);
    QVERIFY(r.ok());
    QCOMPARE(r.value().size(), 1);
    QCOMPARE(r.value().first().data, QByteArray("1"));
}

void TestMultipartFormData::malformed_data()
{
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("messagePart");
    const QByteArray disposition = "Content-Disposition: form-data; name=\"file\"";
    QTest::newRow("not-multipart") << QByteArray("application/json") << QByteArray("{}")
                                   << u"not multipart"_s;
    QTest::newRow("no-boundary") << QByteArray("multipart/form-data") << QByteArray("x") << u"boundary"_s;
    QTest::newRow("boundary-absent") << ContentType << QByteArray("just bytes") << u"boundary"_s;
    QTest::newRow("no-closing-delimiter") << ContentType << part(disposition, "abc") << u"closing boundary"_s;
    QTest::newRow("no-disposition") << ContentType << part("Content-Type: text/plain", "abc") + "--XyZ--"
                                    << u"Content-Disposition"_s;
    QTest::newRow("not-form-data") << ContentType
                                   << part("Content-Disposition: attachment; name=\"file\"", "a") + "--XyZ--"
                                   << u"form-data"_s;
    QTest::newRow("no-name") << ContentType << part("Content-Disposition: form-data", "a") + "--XyZ--"
                             << u"no field name"_s;
    QTest::newRow("folded-header") << ContentType
                                   << part("Content-Disposition: form-data;\r\n name=\"file\"", "a")
            + "--XyZ--" << u"folded"_s;
    QTest::newRow("base64-transfer-encoding")
        << ContentType << part(disposition + "\r\nContent-Transfer-Encoding: base64", "YQ==") + "--XyZ--"
        << u"Content-Transfer-Encoding"_s;
    QTest::newRow("duplicate-name") << ContentType
                                    << part(disposition, "a") + part(disposition, "b") + "--XyZ--"
                                    << u"two fields named \"file\""_s;
    QTest::newRow("bare-lf-header") << ContentType
                                    << QByteArray("--XyZ\r\nContent-Type: x\nContent-Disposition: form-data; "
                                                  "name=\"a\"\r\n\r\nv\r\n--XyZ--")
                                    << u"CRLF"_s;
    QTest::newRow("endless-headers") << ContentType
                                     << "--XyZ\r\n" + disposition + "\r\nX: " + QByteArray(9000, 'h')
            + "\r\n\r\na" + "\r\n--XyZ--"
                                     << u"end of headers"_s;
    QTest::newRow("delimiter-without-crlf") << ContentType << QByteArray("--XyZjunk\r\n") << u"CRLF"_s;
}

void TestMultipartFormData::malformed()
{
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, body);
    QFETCH(QString, messagePart);
    const auto r = MultipartFormData::parse(contentType, body);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 400);
    QCOMPARE(r.error().code(), u"invalid_multipart"_s);
    QCOMPARE(r.error().param(), u"body"_s);
    QVERIFY2(r.error().message().contains(messagePart), qPrintable(r.error().message()));
}

void TestMultipartFormData::partLimit()
{
    QByteArray body;
    for (int i = 0; i < 5; ++i)
        body += part("Content-Disposition: form-data; name=\"f" + QByteArray::number(i) + "\"", "x");
    body += "--XyZ--";
    MultipartLimits limits;
    limits.maxParts = 4;
    const auto refused = MultipartFormData::parse(ContentType, body, limits);
    QVERIFY(!refused.ok());
    QVERIFY(refused.error().message().contains(u"more than 4 parts"_s));
    limits.maxParts = 5;
    const auto accepted = MultipartFormData::parse(ContentType, body, limits);
    QVERIFY(accepted.ok());
    QCOMPARE(accepted.value().size(), 5);
}

QTEST_APPLESS_MAIN(TestMultipartFormData)
#include "TestMultipartFormData.moc"
