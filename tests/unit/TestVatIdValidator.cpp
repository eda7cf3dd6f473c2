#include "ops/eu/vat/VatIdValidator.h"

#include <QTest>

using namespace Qt::StringLiterals;
using ades::eu::VatIdError;
using ades::eu::VatIdValidator;

// Expected values come from python-stdnum, the reference library, and its documented examples; the shared
// vector file is covered by conformance/TestVatVectors.
class TestVatIdValidator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void analyse_data();
    void analyse();
    void messageNamesTheProblem_data();
    void messageNamesTheProblem();
    void membership_data();
    void membership();
    void everyMemberStateHasARule();
    void errorClassNames();
};

void TestVatIdValidator::analyse_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("errorClass"); // empty: format valid
    QTest::addColumn<QString>("normalized"); // checked when valid
    QTest::addColumn<QString>("country");
    QTest::addColumn<QString>("suggestion");

    const QString none;
    QTest::newRow("de-canonical") << u"DE136695976"_s << none << none << u"DE136695976"_s << u"DE"_s << none;
    QTest::newRow("de-spaced-lower") << u" de 136 695 976 "_s << none << none << u"DE136695976"_s << u"DE"_s
                                     << u"DE136695976"_s;
    QTest::newRow("de-dots-commas") << u"DE 136.695,976"_s << none << none << u"DE136695976"_s << u"DE"_s
                                    << u"DE136695976"_s;
    QTest::newRow("de-en-dash") << u"DE\u2013136695976"_s << none << none << u"DE136695976"_s << u"DE"_s
                                << u"DE136695976"_s;
    QTest::newRow("de-fullwidth") << u"\uFF24\uFF25\uFF11\uFF13\uFF16\uFF16\uFF19\uFF15\uFF19\uFF17\uFF16"_s
                                  << none << none << u"DE136695976"_s << u"DE"_s << u"DE136695976"_s;
    // As in python-stdnum, the prefix is stripped once; a duplicated prefix fails and is not "fixed".
    QTest::newRow("de-duplicated-prefix")
        << u"DE DE 136695976"_s << none << u"format"_s << none << u"DE"_s << none;
    QTest::newRow("at-duplicated-prefix")
        << u"ATU ATU 65033803"_s << none << u"format"_s << none << u"AT"_s << none;
    QTest::newRow("de-too-short") << u"DE13669597"_s << none << u"length"_s << none << u"DE"_s << none;
    QTest::newRow("de-bad-check") << u"DE136695977"_s << none << u"checksum"_s << none << u"DE"_s << none;
    QTest::newRow("de-leading-zero") << u"DE036695976"_s << none << u"format"_s << none << u"DE"_s << none;
    QTest::newRow("el-written-gr") << u"GR 094259216"_s << none << none << u"EL094259216"_s << u"GR"_s
                                   << u"EL094259216"_s;
    QTest::newRow("el-legacy-8-digits")
        << u"EL 94259216"_s << none << none << u"EL094259216"_s << u"GR"_s << u"EL094259216"_s;
    // ',' is no Belgian separator: invalid as the reference says, but the fix is obvious.
    QTest::newRow("be-comma-fixable")
        << u"BE 0220,764.971"_s << none << u"format"_s << none << u"BE"_s << u"BE0220764971"_s;
    QTest::newRow("be-legacy-9-digits")
        << u"BE776091951"_s << none << none << u"BE0776091951"_s << u"BE"_s << u"BE0776091951"_s;
    QTest::newRow("be-zero-in-parentheses")
        << u"BE (0)403019261"_s << none << none << u"BE0403019261"_s << u"BE"_s << u"BE0403019261"_s;
    QTest::newRow("be-first-digit-2")
        << u"BE2000021323"_s << none << u"component"_s << none << u"BE"_s << none;
    QTest::newRow("cy-starts-12") << u"CY12000000C"_s << none << u"component"_s << none << u"CY"_s << none;
    QTest::newRow("ee-dash-not-separator")
        << u"EE 100-931-558"_s << none << u"format"_s << none << u"EE"_s << u"EE100931558"_s;
    QTest::newRow("fr-spaced") << u"FR 40 303 265 045"_s << none << none << u"FR40303265045"_s << u"FR"_s
                               << u"FR40303265045"_s;
    QTest::newRow("nl-leading-zeros-omitted")
        << u"NL4495445B01"_s << none << none << u"NL004495445B01"_s << u"NL"_s << u"NL004495445B01"_s;
    QTest::newRow("ro-duplicated-prefix")
        << u"RO RO 16621241"_s << none << u"format"_s << none << u"RO"_s << none;
    QTest::newRow("xi-northern-ireland")
        << u"XI 980 7806 84"_s << none << none << u"XI980780684"_s << u"XI"_s << u"XI980780684"_s;
    QTest::newRow("gb-canonical") << u"GB980780684"_s << none << none << u"GB980780684"_s << u"GB"_s << none;
    QTest::newRow("ch-uid-with-suffix") << u"CHE-107.787.577 IVA"_s << none << none << u"CHE107787577IVA"_s
                                        << u"CH"_s << u"CHE107787577IVA"_s;
    QTest::newRow("ch-unknown-suffix")
        << u"CHE-107.787.577 XYZ"_s << none << u"component"_s << none << u"CH"_s << none;
    QTest::newRow("no-with-mva") << u"NO 995 525 828 MVA"_s << none << none << u"NO995525828MVA"_s << u"NO"_s
                                 << u"NO995525828MVA"_s;
    QTest::newRow("no-without-mva") << u"NO 995 525 828"_s << none << u"format"_s << none << u"NO"_s << none;
    QTest::newRow("eu-oss") << u"EU372000041"_s << none << none << u"EU372000041"_s << u"EU"_s << none;
    QTest::newRow("im-ioss") << u"IM3720000225"_s << none << none << u"IM3720000225"_s << u"IM"_s << none;
    QTest::newRow("oss-unknown-state")
        << u"EU999000001"_s << none << u"component"_s << none << u"EU"_s << none;
    QTest::newRow("missing-prefix") << u"136695976"_s << none << u"country"_s << none << QString() << none;
    QTest::newRow("unknown-prefix") << u"XX136695976"_s << none << u"country"_s << none << QString() << none;
    QTest::newRow("empty") << u"  "_s << none << u"format"_s << none << QString() << none;
    QTest::newRow("hint-adds-prefix")
        << u"136 695 976"_s << u"de"_s << none << u"DE136695976"_s << u"DE"_s << u"DE136695976"_s;
    QTest::newRow("hint-gr-means-el")
        << u"094259216"_s << u"GR"_s << none << u"EL094259216"_s << u"GR"_s << u"EL094259216"_s;
    QTest::newRow("hint-ch-adds-che")
        << u"107.787.577 IVA"_s << u"CH"_s << none << u"CHE107787577IVA"_s << u"CH"_s << u"CHE107787577IVA"_s;
    QTest::newRow("hint-ignored-when-prefixed")
        << u"FR40303265045"_s << u"DE"_s << none << u"FR40303265045"_s << u"FR"_s << none;
    QTest::newRow("hint-still-checks")
        << u"136695977"_s << u"DE"_s << u"checksum"_s << none << u"DE"_s << none;
}

void TestVatIdValidator::analyse()
{
    QFETCH(QString, input);
    QFETCH(QString, hint);
    QFETCH(QString, errorClass);
    QFETCH(QString, normalized);
    QFETCH(QString, country);
    QFETCH(QString, suggestion);

    const auto a = VatIdValidator().analyse(input, hint);
    QCOMPARE(a.input, input);
    QCOMPARE(a.errorClass(), errorClass);
    QCOMPARE(a.formatValid, errorClass.isEmpty());
    QCOMPARE(a.country, country);
    QCOMPARE(a.suggestedVatId, suggestion);
    if (a.formatValid) {
        QCOMPARE(a.normalized, normalized);
        QCOMPARE(a.prefix + a.number, a.normalized);
    } else {
        QVERIFY2(a.message.startsWith(u"vat_id"_s), qPrintable(a.message));
    }
    // A suggestion is always itself a valid VAT ID.
    if (!suggestion.isEmpty())
        QVERIFY(VatIdValidator().analyse(suggestion).formatValid);
}

void TestVatIdValidator::messageNamesTheProblem_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("fragment");

    QTest::newRow("duplicated-prefix") << u"DE DE 136695976"_s << u"prefix appears twice"_s;
    QTest::newRow("foreign-separator") << u"BE 0220,764.971"_s << u"',' is not a separator"_s;
    QTest::newRow("length") << u"DE13669597"_s << u"found 8 characters"_s;
    QTest::newRow("checksum") << u"DE136695977"_s << u"check digit"_s;
    QTest::newRow("component-cy") << u"CY12000000C"_s << u"cannot start with 12"_s;
    QTest::newRow("component-it-office") << u"IT12345671010"_s << u"office code"_s;
    QTest::newRow("unknown-country") << u"XX1234"_s << u"'XX' is not a VAT country prefix"_s;
    QTest::newRow("no-prefix") << u"136695976"_s << u"no country prefix"_s;
    QTest::newRow("names-country") << u"FR1234"_s << u"(France)"_s;
    QTest::newRow("cnp-not-checkable") << u"RO 1630615123457"_s << u"VIES cannot check"_s;
}

void TestVatIdValidator::messageNamesTheProblem()
{
    QFETCH(QString, input);
    QFETCH(QString, fragment);
    const QString message = VatIdValidator().analyse(input).message;
    QVERIFY2(message.contains(fragment), qPrintable(message));
}

void TestVatIdValidator::membership_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("viesPrefix");
    QTest::addColumn<bool>("member");
    QTest::addColumn<bool>("checkable");

    QTest::newRow("de") << u"DE136695976"_s << u"DE"_s << true << true;
    QTest::newRow("el") << u"GR094259216"_s << u"EL"_s << true << true;
    QTest::newRow("xi") << u"XI980780684"_s << u"XI"_s << true << true;
    QTest::newRow("gb") << u"GB980780684"_s << QString() << false << false;
    QTest::newRow("ch") << u"CHE107787577IVA"_s << QString() << false << false;
    QTest::newRow("no") << u"NO995525828MVA"_s << QString() << false << false;
    QTest::newRow("eu-oss") << u"EU372000041"_s << QString() << false << false;
    // A CNP is longer than the 12 characters VIES accepts (VIES REST API: [0-9A-Za-z+*.]{2,12}).
    QTest::newRow("ro-cnp") << u"RO1630615123457"_s << u"RO"_s << true << false;
    QTest::newRow("de-invalid") << u"DE136695977"_s << u"DE"_s << true << false;
}

void TestVatIdValidator::membership()
{
    QFETCH(QString, input);
    QFETCH(QString, viesPrefix);
    QFETCH(bool, member);
    QFETCH(bool, checkable);
    const auto a = VatIdValidator().analyse(input);
    QCOMPARE(a.viesPrefix, viesPrefix);
    QCOMPARE(a.isViesMember, member);
    QCOMPARE(a.viesCheckable, checkable);
}

void TestVatIdValidator::everyMemberStateHasARule()
{
    // 28 VIES prefixes: the 27 member states and XI (Northern Ireland).
    const QStringList vies
        = u"AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI"_s.split(
            u' ');
    QCOMPARE(vies.size(), 28);
    QStringList members;
    for (const auto &rule : ades::eu::vatCountryRules()) {
        QVERIFY(rule.check);
        QVERIFY(!rule.separators.isEmpty());
        if (rule.viesMember)
            members << rule.prefix;
    }
    QCOMPARE(members, vies);
    for (const QString &p : { u"GB"_s, u"CH"_s, u"NO"_s, u"EU"_s, u"IM"_s }) {
        const auto *rule = ades::eu::vatCountryRule(p);
        QVERIFY2(rule && !rule->viesMember, qPrintable(p));
    }
    QCOMPARE(ades::eu::vatCountryRule(u"GR")->prefix, u"EL"_s);
}

void TestVatIdValidator::errorClassNames()
{
    QCOMPARE(VatIdValidator::errorClassName(VatIdError::None), QString());
    QCOMPARE(VatIdValidator::errorClassName(VatIdError::Format), u"format"_s);
    QCOMPARE(VatIdValidator::errorClassName(VatIdError::Length), u"length"_s);
    QCOMPARE(VatIdValidator::errorClassName(VatIdError::Checksum), u"checksum"_s);
    QCOMPARE(VatIdValidator::errorClassName(VatIdError::Component), u"component"_s);
    QCOMPARE(VatIdValidator::errorClassName(VatIdError::Country), u"country"_s);
}

QTEST_APPLESS_MAIN(TestVatIdValidator)
#include "TestVatIdValidator.moc"
