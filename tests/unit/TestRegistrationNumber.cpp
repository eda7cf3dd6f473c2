#include "TestData.h"
#include "ops/eu/company/RegistrationNumber.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using ades::eu::RegistrationNumber;

// The registration numbers of the covered registers. Valid numbers are the ones the registers' recorded
// answers in ../shared/data/upstreams/ carry (so the rule accepts what the register issued); invalid ones are
// those numbers with their check digit changed, which the single-check-digit rules must refuse.
class TestRegistrationNumber : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void issuedNumbersAreAccepted_data();
    void issuedNumbersAreAccepted();
    void changedCheckDigitIsRefused_data();
    void changedCheckDigitIsRefused();
    void writtenFormsAreNormalized_data();
    void writtenFormsAreNormalized();
    void wrongShapeIsRefused_data();
    void wrongShapeIsRefused();
    void errorNamesTheField();
};

namespace {

QJsonObject recorded(const QString &relative)
{
    QFile file(ades::test::sharedDataDir() + u"/upstreams/"_s + relative);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
}

struct Issued
{
    const char *tag;
    QString country;
    QString number; // as the register writes it
};

// Each register's own number, read from its recorded answer by the field the register documents for it.
QList<Issued> issuedNumbers()
{
    QList<Issued> out;
    out.append({ "no-brreg", u"NO"_s,
        recorded(u"brreg/enheter-923609016-equinor.capture.json"_s)
            .value(u"organisasjonsnummer"_s)
            .toString() });
    out.append({ "cz-ares", u"CZ"_s,
        recorded(u"ares/ekonomicke-subjekty-26168685.json"_s).value(u"ico"_s).toString() });
    out.append({ "cz-ares-search", u"CZ"_s,
        recorded(u"ares/vyhledat-alza.json"_s)
            .value(u"ekonomickeSubjekty"_s)
            .toArray()
            .at(0)
            .toObject()
            .value(u"ico"_s)
            .toString() });
    out.append({ "fi-prh", u"FI"_s,
        recorded(u"prh-ytj/companies-businessId-0112038-9.json"_s)
            .value(u"companies"_s)
            .toArray()
            .at(0)
            .toObject()
            .value(u"businessId"_s)
            .toObject()
            .value(u"value"_s)
            .toString() });
    out.append({ "sk-rpo", u"SK"_s,
        recorded(u"rpo-sk/search-identifier-31322832.json"_s)
            .value(u"results"_s)
            .toArray()
            .at(0)
            .toObject()
            .value(u"identifiers"_s)
            .toArray()
            .at(0)
            .toObject()
            .value(u"value"_s)
            .toString() });
    out.append({ "pl-krs", u"PL"_s,
        recorded(u"krs-pl/OdpisAktualny-0000028860-P.trimmed.json"_s)
            .value(u"odpis"_s)
            .toObject()
            .value(u"naglowekA"_s)
            .toObject()
            .value(u"numerKRS"_s)
            .toString() });
    out.append({ "fr-recherche", u"FR"_s,
        recorded(u"recherche-entreprises-fr/search-q-552032534.json"_s)
            .value(u"results"_s)
            .toArray()
            .at(0)
            .toObject()
            .value(u"siren"_s)
            .toString() });
    out.append({ "fr-insee", u"FR"_s,
        recorded(u"insee-sirene/siren-130025265.json"_s)
            .value(u"uniteLegale"_s)
            .toObject()
            .value(u"siren"_s)
            .toString() });
    return out;
}

// The same number with its last digit (the check digit) changed.
QString withOtherCheckDigit(const QString &number, int delta)
{
    QString changed = number;
    const int last = changed.back().digitValue();
    changed.back() = QChar(u'0' + (last + delta) % 10);
    return changed;
}

} // namespace

void TestRegistrationNumber::issuedNumbersAreAccepted_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<QString>("number");
    if (ades::test::sharedDataDir().isEmpty())
        return;
    for (const Issued &n : issuedNumbers())
        QTest::newRow(n.tag) << n.country << n.number;
}

void TestRegistrationNumber::issuedNumbersAreAccepted()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, country);
    QFETCH(QString, number);
    QVERIFY(!number.isEmpty());
    const auto r = RegistrationNumber::normalize(country, number, u"number"_s);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    QCOMPARE(r.value(), number); // the register's own written form is the official one
}

void TestRegistrationNumber::changedCheckDigitIsRefused_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<QString>("number");
    if (ades::test::sharedDataDir().isEmpty())
        return;
    for (const Issued &n : issuedNumbers()) {
        if (n.country == u"PL"_s)
            continue; // the KRS number has no check digit
        for (int delta = 1; delta <= 9; ++delta)
            QTest::addRow("%s-plus-%d", n.tag, delta) << n.country << withOtherCheckDigit(n.number, delta);
    }
}

void TestRegistrationNumber::changedCheckDigitIsRefused()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, country);
    QFETCH(QString, number);
    const auto r = RegistrationNumber::normalize(country, number, u"number"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"registration_number_checksum"_s);
    QCOMPARE(r.error().httpStatus(), 422);
}

void TestRegistrationNumber::writtenFormsAreNormalized_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("official");
    if (ades::test::sharedDataDir().isEmpty())
        return;
    for (const Issued &n : issuedNumbers()) {
        QString digits = n.number;
        digits.remove(u'-');
        if (n.country == u"NO"_s) {
            // Written in groups of three, as on Norwegian letterheads.
            QTest::newRow("no-grouped")
                << n.country << digits.left(3) + u' ' + digits.mid(3, 3) + u' ' + digits.mid(6) << n.number;
        } else if (n.country == u"FI"_s) {
            QTest::newRow("fi-without-dash") << n.country << digits << n.number;
            if (digits.startsWith(u'0'))
                QTest::newRow("fi-without-leading-zero") << n.country << n.number.mid(1) << n.number;
        } else if (n.country == u"PL"_s) {
            QString unpadded = n.number;
            while (unpadded.startsWith(u'0'))
                unpadded.remove(0, 1);
            QTest::newRow("pl-without-zeros") << n.country << unpadded << n.number;
        } else if (n.country == u"FR"_s && qstrcmp(n.tag, "fr-recherche") == 0) {
            QTest::newRow("fr-spaced")
                << n.country << digits.left(3) + u' ' + digits.mid(3, 3) + u' ' + digits.mid(6) << n.number;
            // The head office's SIRET from the same recorded answer names the same unit.
            const QString siret = recorded(u"recherche-entreprises-fr/search-q-552032534.json"_s)
                                      .value(u"results"_s)
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(u"siege"_s)
                                      .toObject()
                                      .value(u"siret"_s)
                                      .toString();
            QTest::newRow("fr-siret") << n.country << siret << n.number;
        } else if (n.country == u"CZ"_s && qstrcmp(n.tag, "cz-ares") == 0) {
            QTest::newRow("cz-dotted") << n.country << digits.left(4) + u'.' + digits.mid(4) << n.number;
        }
    }
}

void TestRegistrationNumber::writtenFormsAreNormalized()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, country);
    QFETCH(QString, input);
    QFETCH(QString, official);
    const auto r = RegistrationNumber::normalize(country, input, u"number"_s);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    QCOMPARE(r.value(), official);
}

void TestRegistrationNumber::wrongShapeIsRefused_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<QString>("input");
    QTest::newRow("no-8-digits") << u"NO"_s << u"12345678"_s;
    QTest::newRow("no-letters") << u"NO"_s << u"NO12345678"_s;
    QTest::newRow("cz-9-digits") << u"CZ"_s << u"123456789"_s;
    QTest::newRow("cz-zero") << u"CZ"_s << u"00000000"_s;
    QTest::newRow("sk-letters") << u"SK"_s << u"SK2020"_s;
    QTest::newRow("fi-6-digits") << u"FI"_s << u"11203-9"_s;
    QTest::newRow("fr-10-digits") << u"FR"_s << u"1234567890"_s;
    QTest::newRow("pl-11-digits") << u"PL"_s << u"12345678901"_s;
    QTest::newRow("pl-zero") << u"PL"_s << u"0000000000"_s;
    QTest::newRow("empty-after-separators") << u"PL"_s << u" - . / "_s;
}

void TestRegistrationNumber::wrongShapeIsRefused()
{
    QFETCH(QString, country);
    QFETCH(QString, input);
    const auto r = RegistrationNumber::normalize(country, input, u"number"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"registration_number_format"_s);
}

void TestRegistrationNumber::errorNamesTheField()
{
    const auto r = RegistrationNumber::normalize(u"NO"_s, u"12"_s, u"id"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().param(), u"id"_s);
    QVERIFY(r.error().message().startsWith(u"id: "_s));
    QVERIFY(r.error().message().contains(u"organisasjonsnummer"_s));
}

QTEST_APPLESS_MAIN(TestRegistrationNumber)
#include "TestRegistrationNumber.moc"
