#include "ops/eu/vatrules/VatRulesCheck.h"
#include "ops/eu/vatrules/VatRulesEngine.h"

#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Cost of one eu.vat.rules decision in-process (issue 13: target <= 20 us): the engine alone (territories,
// the decision table, reasons, rate, hints), and the handler's whole work: arguments to query, decision,
// result JSON.
class BenchVatRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void decide_data();
    void decide();
    void decideAndResult_data();
    void decideAndResult();

private:
    void addInputs();
    VatRulesEngine m_engine; // tables loaded here, outside every timed block
};

void BenchVatRules::initTestCase()
{
    QVERIFY(m_engine.rates().country(u"DE"));
}

void BenchVatRules::addInputs()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("rule"); // checked after the timed block
    const auto args = [](const QString &supplier, const QString &customer, const QString &type, bool b2b,
                          const QJsonObject &more = {}) {
        QJsonObject o { { u"supplier"_s, supplier }, { u"customer"_s, customer }, { u"type"_s, type },
            { u"b2b"_s, b2b } };
        for (auto it = more.begin(); it != more.end(); ++it)
            o.insert(it.key(), it.value());
        return o;
    };
    QTest::newRow("service-reverse-charge")
        << args(u"DE"_s, u"FR"_s, u"service"_s, true, { { u"customer_vat_valid"_s, true } })
        << u"SERVICE-B2B-REVERSE-CHARGE"_s;
    QTest::newRow("goods-intra-eu-unverified")
        << args(u"DE"_s, u"PL"_s, u"goods"_s, true) << u"GOODS-INTRA-EU-B2B"_s;
    QTest::newRow("digital-b2c-threshold-unknown")
        << args(u"DE"_s, u"AT"_s, u"digital"_s, false) << u"DIGITAL-B2C"_s;
    QTest::newRow("property-elsewhere") << args(u"DE"_s, u"FR"_s, u"immovable_property"_s, true,
        { { u"location"_s, u"IT"_s } }) << u"PROPERTY"_s;
    QTest::newRow("goods-import-b2c") << args(u"CN"_s, u"FR"_s, u"goods"_s, false) << u"GOODS-IMPORT-B2C"_s;
    QTest::newRow("export-gb") << args(u"DE"_s, u"GB"_s, u"goods"_s, true) << u"GOODS-EXPORT"_s;
}

void BenchVatRules::decide_data()
{
    addInputs();
}

void BenchVatRules::decide()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, rule);
    const ades::Result<VatRulesQuery> query = vatRulesQuery(arguments, QDate(2026, 11, 25));
    QVERIFY(query.ok());
    const VatRulesQuery &q = query.value();
    const VatRule *decided = nullptr;
    QBENCHMARK
    {
        const ades::Result<VatDecision> d = m_engine.decide(q);
        decided = d.ok() ? d.value().rule : nullptr;
    }
    QVERIFY(decided);
    QCOMPARE(decided->id, rule);
}

void BenchVatRules::decideAndResult_data()
{
    addInputs();
}

void BenchVatRules::decideAndResult()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, rule);
    const VatRulesJson json(m_engine); // as the handler holds it, built once
    QJsonObject result;
    QBENCHMARK
    {
        const ades::Result<VatRulesQuery> query = vatRulesQuery(arguments, QDate(2026, 11, 25));
        const ades::Result<VatDecision> d = m_engine.decide(query.value());
        result = json.result(d.value());
    }
    QCOMPARE(result.value(u"rule"_s).toObject().value(u"id"_s).toString(), rule);
}

QTEST_GUILESS_MAIN(BenchVatRules)
#include "BenchVatRules.moc"
