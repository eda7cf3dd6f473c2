#include "TestData.h"
#include "ops/eu/vat/ViesClient.h"
#include "ops/eu/vat/ViesSoap.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;
using ades::Result;
using ades::eu::ViesAnswer;
using ades::eu::ViesSoap;

namespace {

QByteArray soapFile(const QString &name)
{
    QFile file(ades::test::sharedDataDir() + u"/vies/soap/"_s + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The text of the first element with this local name in the types namespace, read by a second parser.
QString payloadText(const QByteArray &xml, const QString &localName)
{
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement
            && reader.namespaceUri() == u"urn:ec.europa.eu:taxud:vies:services:checkVat:types"_s
            && reader.name() == localName)
            return reader.readElementText();
    }
    return {};
}

} // namespace

// The VIES SOAP service's answers and faults (../shared/data/vies/soap/), read namespace-aware, and the
// requests we send it.
class TestViesSoap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void answers_data();
    void answers();
    void faults_data();
    void faults();
    void prefixesDoNotMatter_data();
    void prefixesDoNotMatter();
    void unusableBodies_data();
    void unusableBodies();
    void requestWithoutRequesterIsCheckVat();
    void requestWithRequesterIsCheckVatApprox();
};

void TestViesSoap::answers_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("name"); // null: not disclosed
    QTest::addColumn<QString>("consultation"); // null: none
    QTest::addColumn<QString>("cityMatch"); // empty: none reported
    QTest::newRow("checkVat-valid") << u"checkVat.response.valid.xml"_s << true << u"BANCA D'ITALIA"_s
                                    << QString() << QString();
    QTest::newRow("checkVat-invalid-masked")
        << u"checkVat.response.invalid.xml"_s << false << QString() << QString() << QString();
    QTest::newRow("approx-valid-consultation")
        << u"checkVatApprox.response.valid.xml"_s << true << u"GOOGLE IRELAND LIMITED"_s
        << u"WAPIAAAAZ9cWmQXG"_s << QString();
    QTest::newRow("approx-invalid-empty-identifier")
        << u"checkVatApprox.response.invalid.xml"_s << false << QString() << QString() << QString();
    QTest::newRow("approx-matches") << u"checkVatApprox.response.matches.xml"_s << true
                                    << u"Rodrisa Automoviles"_s << u"WAPIAAAAZ9dXa1Q2"_s << u"INVALID"_s;
}

void TestViesSoap::answers()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    QFETCH(bool, valid);
    QFETCH(QString, name);
    QFETCH(QString, consultation);
    QFETCH(QString, cityMatch);
    const QByteArray body = soapFile(file);
    QVERIFY(!body.isEmpty());
    const Result<ViesAnswer> r = ViesSoap::parse(body, 200);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    const ViesAnswer &a = r.value();
    QCOMPARE(a.endpoint, u"soap"_s);
    QCOMPARE(a.valid, valid);
    QCOMPARE(a.countryCode, payloadText(body, u"countryCode"_s));
    QCOMPARE(a.vatNumber, payloadText(body, u"vatNumber"_s));
    QCOMPARE(a.name, name);
    QCOMPARE(a.name.isNull(), name.isNull());
    QCOMPARE(a.requestIdentifier, consultation);
    QCOMPARE(a.requestIdentifier.isNull(), consultation.isNull());
    // A day with its zone, kept as written; not a moment.
    QCOMPARE(a.requestDateText, payloadText(body, u"requestDate"_s));
    QVERIFY(!a.requestDate.isValid());
    QCOMPARE(a.traderMatches.value(u"city"_s), cityMatch);
    if (file == u"checkVat.response.valid.xml"_s) {
        // Multi-line address, lines kept.
        QVERIFY(a.address.contains(u'\n'));
        QVERIFY(a.address.startsWith(u"VIA NAZIONALE"_s));
    }
}

void TestViesSoap::faults_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("httpStatus");
    if (ades::test::sharedDataDir().isEmpty())
        return;
    const QStringList files
        = QDir(ades::test::sharedDataDir() + u"/vies/soap"_s).entryList({ u"fault.*.xml"_s }, QDir::Files);
    for (const QString &file : files) {
        const QString code = file.mid(6, file.size() - 10);
        for (int status : { 500, 200 })
            QTest::addRow("%s-http%d", qPrintable(code), status) << code << status;
    }
}

void TestViesSoap::faults()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, code);
    QFETCH(int, httpStatus);
    const Result<ViesAnswer> r = ViesSoap::parse(soapFile(u"fault."_s + code + u".xml"_s), httpStatus);
    QVERIFY(!r.ok());
    // The same error the REST API's fault code gives: by the body, never by the status.
    const ades::ServiceError expected = ades::eu::ViesClient::errorForCode(code);
    QCOMPARE(r.error().code(), expected.code());
    QCOMPARE(r.error().httpStatus(), expected.httpStatus());
    QCOMPARE(r.error().isRetryable(), expected.isRetryable());
    QVERIFY(!r.error().message().contains(u"not registered"_s));
}

void TestViesSoap::prefixesDoNotMatter_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expectedError"); // empty: an answer
    const QByteArray payload = "<countryCode>IE</countryCode><vatNumber>6388047V</vatNumber>"
                               "<requestDate>2026-11-20+01:00</requestDate><valid>true</valid>"
                               "<name>GOOGLE IRELAND LIMITED</name><address>DUBLIN 4</address>";
    QTest::newRow("default-namespace-payload")
        << QByteArray("<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                      "<checkVatResponse xmlns=\"urn:ec.europa.eu:taxud:vies:services:checkVat:types\">"
               + payload + "</checkVatResponse></S:Body></S:Envelope>")
        << QString();
    QTest::newRow("soap-and-urn-prefixes") << QByteArray(
        "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
        "xmlns:v=\"urn:ec.europa.eu:taxud:vies:services:checkVat:types\"><soap:Header/><soap:Body>"
        "<v:checkVatResponse>"
        + QByteArray(payload).replace("<", "<v:").replace("<v:/", "</v:")
        + "</v:checkVatResponse></soap:Body></soap:Envelope>")
                                           << QString();
    // The right local names in the wrong namespace are not a VIES answer.
    QTest::newRow("foreign-payload-namespace")
        << QByteArray("<env:Envelope xmlns:env=\"http://schemas.xmlsoap.org/soap/envelope/\"><env:Body>"
                      "<checkVatResponse xmlns=\"urn:example:other\">"
               + payload + "</checkVatResponse></env:Body></env:Envelope>")
        << u"vies_bad_response"_s;
    QTest::newRow("soap12-envelope") << QByteArray(
        "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body>"
        "<checkVatResponse xmlns=\"urn:ec.europa.eu:taxud:vies:services:checkVat:types\">"
        + payload + "</checkVatResponse></env:Body></env:Envelope>")
                                     << u"vies_bad_response"_s;
    QTest::newRow("fault-other-prefix") << QByteArray(
        "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
        "<soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring> MS_UNAVAILABLE "
        "</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>")
                                        << u"vies_ms_unavailable"_s;
}

void TestViesSoap::prefixesDoNotMatter()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expectedError);
    const Result<ViesAnswer> r = ViesSoap::parse(body, 200);
    QCOMPARE(r.ok() ? QString() : r.error().code(), expectedError);
    if (r.ok()) {
        QCOMPARE(r.value().countryCode, u"IE"_s);
        QCOMPARE(r.value().vatNumber, u"6388047V"_s);
        QVERIFY(r.value().valid);
        QCOMPARE(r.value().name, u"GOOGLE IRELAND LIMITED"_s);
    }
}

void TestViesSoap::unusableBodies_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("httpStatus");
    QTest::newRow("empty") << QByteArray() << 200;
    QTest::newRow("html-502") << QByteArray("<html><body>Bad Gateway</body></html>") << 502;
    QTest::newRow("json") << QByteArray("{\"valid\": true}") << 200;
    QTest::newRow("truncated") << QByteArray(
        "<env:Envelope xmlns:env=\"http://schemas.xmlsoap.org/soap/envelope/\"><env:Body>")
                               << 200;
    QTest::newRow("empty-body-element") << QByteArray(
        "<env:Envelope xmlns:env=\"http://schemas.xmlsoap.org/soap/envelope/\"><env:Body/>"
        "</env:Envelope>") << 200;
    QTest::newRow("no-valid") << QByteArray(
        "<env:Envelope xmlns:env=\"http://schemas.xmlsoap.org/soap/envelope/\"><env:Body>"
        "<ns2:checkVatResponse xmlns:ns2=\"urn:ec.europa.eu:taxud:vies:services:checkVat:types\">"
        "<ns2:countryCode>IE</ns2:countryCode><ns2:valid>maybe</ns2:valid></ns2:checkVatResponse>"
        "</env:Body></env:Envelope>")
                              << 200;
    // Entities are never expanded: any DTD is refused before its declarations are read.
    QTest::newRow("doctype-entity") << QByteArray(
        "<?xml version=\"1.0\"?><!DOCTYPE e [<!ENTITY x \"true\">]>"
        "<env:Envelope xmlns:env=\"http://schemas.xmlsoap.org/soap/envelope/\"><env:Body>"
        "<ns2:checkVatResponse xmlns:ns2=\"urn:ec.europa.eu:taxud:vies:services:checkVat:types\">"
        "<ns2:valid>&x;</ns2:valid></ns2:checkVatResponse></env:Body></env:Envelope>")
                                    << 200;
    QTest::newRow("undeclared-prefix") << QByteArray("<env:Envelope><env:Body/></env:Envelope>") << 200;
}

void TestViesSoap::unusableBodies()
{
    QFETCH(QByteArray, body);
    QFETCH(int, httpStatus);
    const Result<ViesAnswer> r = ViesSoap::parse(body, httpStatus);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"vies_bad_response"_s);
    QCOMPARE(r.error().httpStatus(), 503);
    QVERIFY(r.error().isRetryable());
    QCOMPARE(r.error().missing(), QStringList { u"vies"_s });
}

void TestViesSoap::requestWithoutRequesterIsCheckVat()
{
    const QByteArray request = ViesSoap::request(u"EL"_s, u"094259216"_s, QString(), QString());
    QXmlStreamReader reader(request);
    QStringList elements;
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement)
            elements << reader.namespaceUri().toString() + u'#' + reader.name().toString();
    }
    QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
    const QString env = u"http://schemas.xmlsoap.org/soap/envelope/#"_s;
    const QString types = u"urn:ec.europa.eu:taxud:vies:services:checkVat:types#"_s;
    QCOMPARE(elements,
        QStringList({ env + u"Envelope"_s, env + u"Header"_s, env + u"Body"_s, types + u"checkVat"_s,
            types + u"countryCode"_s, types + u"vatNumber"_s }));
    QCOMPARE(payloadText(request, u"countryCode"_s), u"EL"_s);
    QCOMPARE(payloadText(request, u"vatNumber"_s), u"094259216"_s);
}

void TestViesSoap::requestWithRequesterIsCheckVatApprox()
{
    // Characters XML reserves are escaped, not passed through.
    const QByteArray request = ViesSoap::request(u"IE"_s, u"6388047V"_s, u"DE"_s, u"136<&>976"_s);
    QVERIFY(request.contains("checkVatApprox"));
    QCOMPARE(payloadText(request, u"requesterCountryCode"_s), u"DE"_s);
    QCOMPARE(payloadText(request, u"requesterVatNumber"_s), u"136<&>976"_s);
    QVERIFY(!request.contains("requesterMemberStateCode")); // the REST name
}

QTEST_APPLESS_MAIN(TestViesSoap)
#include "TestViesSoap.moc"
