#include "ops/eu/vat/VatIdValidator.h"

#include <QTest>

using namespace Qt::StringLiterals;
using ades::eu::VatIdAnalysis;
using ades::eu::VatIdValidator;

// Cost of one VatIdValidator::analyse() per country rule; the answer is checked after the timed block.
class BenchVat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void analyse_data();
    void analyse();
};

void BenchVat::analyse_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("valid");
    QTest::newRow("de-compact") << u"DE136695976"_s << true;
    QTest::newRow("de-spaced-lower") << u"de 136 695 976"_s << true;
    QTest::newRow("fr-letter-key") << u"FR K7 399859412"_s << true;
    QTest::newRow("nl-mod97") << u"NL 818643778B01"_s << true;
    QTest::newRow("es-cif") << u"ESA11111119"_s << true;
    QTest::newRow("ie-old-style") << u"IE 8Z49289F"_s << true;
    QTest::newRow("it") << u"IT 00950501007"_s << true;
    QTest::newRow("cz-birth-number") << u"CZ 7103192745"_s << true;
    QTest::newRow("gb-branch") << u"GB242338087388"_s << true;
    QTest::newRow("ch-uid") << u"CHE-107.787.577 IVA"_s << true;
    QTest::newRow("de-bad-check") << u"DE136695977"_s << false;
    QTest::newRow("be-foreign-separator") << u"BE 0220,764.971"_s << false;
    QTest::newRow("unknown-prefix") << u"XX136695976"_s << false;
}

void BenchVat::analyse()
{
    QFETCH(QString, input);
    QFETCH(bool, valid);
    const VatIdValidator validator;
    VatIdAnalysis result;
    QBENCHMARK
    {
        result = validator.analyse(input);
    }
    QCOMPARE(result.formatValid, valid);
}

QTEST_APPLESS_MAIN(BenchVat)
#include "BenchVat.moc"
