#include "ops/eu/lei/LeiCode.h"

#include <QTest>

using namespace Qt::StringLiterals;
using ades::eu::LeiCode;

// ISO 17442 check digits: properties that hold for any LEI. The published vectors are in
// conformance/TestLeiVectors.cpp.
class TestLeiCode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void checkDigitsMakeAValidLei_data();
    void checkDigitsMakeAValidLei();
    void everySingleCharacterChangeIsCaught();
    void normalisation_data();
    void normalisation();
    void refused_data();
    void refused();
};

void TestLeiCode::checkDigitsMakeAValidLei_data()
{
    QTest::addColumn<QString>("base");
    QTest::newRow("digits") << u"529900123456789012"_s;
    QTest::newRow("letters") << u"5493ABCDEFGHIJKLMN"_s;
    QTest::newRow("all-z") << u"ZZZZZZZZZZZZZZZZZZ"_s;
    QTest::newRow("all-zero") << u"000000000000000000"_s;
}

void TestLeiCode::checkDigitsMakeAValidLei()
{
    QFETCH(QString, base);
    const QString check = LeiCode::checkDigits(base);
    QCOMPARE(check.size(), 2);
    const int value = check.toInt();
    QVERIFY(value >= 2 && value <= 98);
    QVERIFY(LeiCode::analyse(base + check).valid);
    // Any other pair of check digits fails.
    const QString other = u"%1"_s.arg(value == 98 ? 2 : value + 1, 2, 10, QChar(u'0'));
    QCOMPARE(LeiCode::analyse(base + other).error, u"checksum"_s);
}

void TestLeiCode::everySingleCharacterChangeIsCaught()
{
    // mod 97-10 catches every substitution of a digit by a digit or a letter by a letter (the numeric
    // value changes by less than 97 times a power of ten, and 10 is prime to 97). A digit swapped for a
    // letter changes the length of the number and is caught only with high probability.
    const QString base = u"213800KUD8LAJWSQ9D"_s;
    const QString lei = base + LeiCode::checkDigits(base);
    QVERIFY(LeiCode::analyse(lei).valid);
    const QString digits = u"0123456789"_s;
    const QString letters = u"ABCDEFGHIJKLMNOPQRSTUVWXYZ"_s;
    for (int i = 0; i < lei.size(); ++i) {
        const QString &alphabet = lei.at(i).isDigit() ? digits : letters;
        for (const QChar c : alphabet) {
            if (c == lei.at(i))
                continue;
            QString changed = lei;
            changed[i] = c;
            QVERIFY2(!LeiCode::analyse(changed).valid, qPrintable(changed));
        }
    }
}

void TestLeiCode::normalisation_data()
{
    QTest::addColumn<QString>("input");
    const QString base = u"529900ABCDEFGH1234"_s;
    const QString lei = base + LeiCode::checkDigits(base);
    QTest::newRow("upper") << lei;
    QTest::newRow("lower") << lei.toLower();
    QTest::newRow("spaced") << u" %1 %2 "_s.arg(lei.left(4), lei.mid(4));
}

void TestLeiCode::normalisation()
{
    QFETCH(QString, input);
    const auto a = LeiCode::analyse(input);
    QVERIFY2(a.valid, qPrintable(a.message));
    QCOMPARE(a.normalized, a.normalized.toUpper());
    QCOMPARE(a.normalized.size(), 20);
    QCOMPARE(a.input, input);
}

void TestLeiCode::refused_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("error");
    const QString base = u"529900ABCDEFGH1234"_s;
    const QString lei = base + LeiCode::checkDigits(base);
    QTest::newRow("empty") << QString() << u"length"_s;
    QTest::newRow("19") << lei.left(19) << u"length"_s;
    QTest::newRow("21") << lei + u"0"_s << u"length"_s;
    QTest::newRow("hyphen") << lei.left(10) + u"-"_s + lei.mid(11) << u"format"_s;
    QTest::newRow("umlaut") << lei.left(10) + u"Ä"_s + lei.mid(11) << u"format"_s;
    QTest::newRow("fullwidth-digit") << lei.left(19) + u"１"_s << u"format"_s;
}

void TestLeiCode::refused()
{
    QFETCH(QString, input);
    QFETCH(QString, error);
    const auto a = LeiCode::analyse(input);
    QVERIFY(!a.valid);
    QCOMPARE(a.error, error);
    QVERIFY(!a.message.isEmpty());
}

QTEST_APPLESS_MAIN(TestLeiCode)
#include "TestLeiCode.moc"
