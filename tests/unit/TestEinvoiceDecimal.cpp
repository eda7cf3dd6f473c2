#include "ops/eu/einvoice/Decimal.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// The exact decimal type behind every amount rule: parsing of the xs:decimal lexical form, exact sums
// where binary floating point would drift, and XPath round() (halves towards positive infinity).
class TestEinvoiceDecimal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void exactSums();
    void roundXPath_data();
    void roundXPath();
    void round2_data();
    void round2();
    void multiplyAndCompare();
    void fractionDigits_data();
    void fractionDigits();
};

void TestEinvoiceDecimal::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("integer") << u"42"_s << true << u"42"_s;
    QTest::newRow("two decimals") << u"19.90"_s << true << u"19.9"_s;
    QTest::newRow("negative") << u"-109.98"_s << true << u"-109.98"_s;
    QTest::newRow("plus sign") << u"+1.5"_s << true << u"1.5"_s;
    QTest::newRow("leading point") << u".5"_s << true << u"0.5"_s;
    QTest::newRow("trailing point") << u"5."_s << true << u"5"_s;
    QTest::newRow("whitespace") << u"  7.25\n"_s << true << u"7.25"_s;
    QTest::newRow("leading zeros") << u"0000000000000000000000000000000012.5"_s << true << u"12.5"_s;
    QTest::newRow("empty") << QString() << false << QString();
    QTest::newRow("blank") << u"   "_s << false << QString();
    QTest::newRow("exponent") << u"1e3"_s << false << QString();
    QTest::newRow("comma") << u"1,50"_s << false << QString();
    QTest::newRow("two points") << u"1.2.3"_s << false << QString();
    QTest::newRow("sign only") << u"-"_s << false << QString();
    QTest::newRow("NaN") << u"NaN"_s << false << QString();
    QTest::newRow("too many digits") << u"12345678901234567890123456789"_s << false << QString();
}

void TestEinvoiceDecimal::parse()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QString, canonical);
    const std::optional<Decimal> d = Decimal::fromString(text);
    QCOMPARE(d.has_value(), valid);
    if (valid)
        QCOMPARE(d->toString(), canonical);
}

void TestEinvoiceDecimal::exactSums()
{
    // 0.1 + 0.2 is not 0.3 in binary floating point; the artefacts' xs:decimal says it is.
    const Decimal a = *Decimal::fromString(u"0.1");
    const Decimal b = *Decimal::fromString(u"0.2");
    QCOMPARE(a + b, *Decimal::fromString(u"0.3"));
    QVERIFY(a + b != *Decimal::fromString(u"0.30000000000000004"));
    Decimal total;
    for (int i = 0; i < 1000; ++i)
        total += *Decimal::fromString(u"0.01");
    QCOMPARE(total.toString(), u"10"_s);
    QCOMPARE((*Decimal::fromString(u"229.6") - *Decimal::fromString(u"229.60")).isZero(), true);
    QCOMPARE((-*Decimal::fromString(u"1.5")).toString(), u"-1.5"_s);
    QCOMPARE(Decimal::fromString(u"-3.25")->abs().toString(), u"3.25"_s);
}

void TestEinvoiceDecimal::roundXPath_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("rounded");
    QTest::newRow("2.5 up") << u"2.5"_s << u"3"_s;
    QTest::newRow("-2.5 towards +inf") << u"-2.5"_s << u"-2"_s;
    QTest::newRow("-2.51") << u"-2.51"_s << u"-3"_s;
    QTest::newRow("2.49") << u"2.49"_s << u"2"_s;
    QTest::newRow("-0.4") << u"-0.4"_s << u"0"_s;
    QTest::newRow("integer") << u"7"_s << u"7"_s;
    QTest::newRow("-7") << u"-7"_s << u"-7"_s;
}

void TestEinvoiceDecimal::roundXPath()
{
    QFETCH(QString, value);
    QFETCH(QString, rounded);
    QCOMPARE(Decimal::fromString(value)->roundXPath().toString(), rounded);
}

void TestEinvoiceDecimal::round2_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("rounded");
    QTest::newRow("half cent up") << u"1.005"_s << u"1.01"_s;
    QTest::newRow("negative half cent towards +inf") << u"-1.005"_s << u"-1"_s;
    QTest::newRow("below half") << u"10.994999"_s << u"10.99"_s;
    QTest::newRow("already two") << u"250.33"_s << u"250.33"_s;
    QTest::newRow("many digits") << u"0.123456789"_s << u"0.12"_s;
}

void TestEinvoiceDecimal::round2()
{
    QFETCH(QString, value);
    QFETCH(QString, rounded);
    QCOMPARE(Decimal::fromString(value)->round2().toString(), rounded);
}

void TestEinvoiceDecimal::multiplyAndCompare()
{
    // BR-CO-17 style: 183.23 x 6 / 100 = 10.9938 -> 10.99
    const Decimal basis = *Decimal::fromString(u"183.23");
    const Decimal rate = *Decimal::fromString(u"6");
    const Decimal tax = (basis * rate).dividedByPowerOfTen(2);
    QCOMPARE(tax.toString(), u"10.9938"_s);
    QCOMPARE(tax.round2(), *Decimal::fromString(u"10.99"));
    QVERIFY(tax > *Decimal::fromString(u"10.99"));
    QVERIFY(tax < *Decimal::fromString(u"11"));
    QVERIFY(*Decimal::fromString(u"-1") < Decimal());
    QVERIFY(Decimal::fromInt(3) >= *Decimal::fromString(u"3.000"));
    QCOMPARE((*Decimal::fromString(u"1.5") * *Decimal::fromString(u"-2")).toString(), u"-3"_s);
}

void TestEinvoiceDecimal::fractionDigits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("digits");
    QTest::newRow("none") << u"100"_s << 0;
    QTest::newRow("trailing zero counts") << u"1.50"_s << 2;
    QTest::newRow("three") << u"1.500"_s << 3;
    QTest::newRow("whitespace") << u" 2.1 "_s << 1;
}

void TestEinvoiceDecimal::fractionDigits()
{
    QFETCH(QString, text);
    QFETCH(int, digits);
    QCOMPARE(Decimal::writtenFractionDigits(text), digits);
}

QTEST_GUILESS_MAIN(TestEinvoiceDecimal)
#include "TestEinvoiceDecimal.moc"
