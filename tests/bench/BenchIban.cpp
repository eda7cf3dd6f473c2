#include "core/CanonicalJson.h"
#include "ops/eu/iban/BankRegistry.h"
#include "ops/eu/iban/IbanCheck.h"
#include "ops/eu/iban/IbanRegistry.h"
#include "ops/eu/iban/IbanValidator.h"

#include <QFile>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Cost of one IBAN check (engine + bank lookup, and the handler's JSON on top) and the one-off cost of
// loading the bundled registries, which decides between loading all bank lists at start and lazily.
class BenchIban : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void analyseAndLookup_data();
    void analyseAndLookup();
    void handlerResult_data();
    void handlerResult();
    void loadBankRegistry_data();
    void loadBankRegistry();
    void loadIbanRegistry();

private:
    void addInputs();
};

void BenchIban::initTestCase()
{
    // Load the shared registries outside every timed block.
    QVERIFY(IbanRegistry::bundled()->size() > 100);
    QVERIFY(BankRegistry::bundled()->hasCountry(u"DE"_s));
}

void BenchIban::addInputs()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("errorCode");
    QTest::addColumn<QString>("bic"); // empty: no BIC expected

    QTest::newRow("de-method-13") << u"DE89370400440532013000"_s << QString() << u"COBADEFFXXX"_s;
    QTest::newRow("de-print-form") << u"DE89 3704 0044 0532 0130 00"_s << QString() << u"COBADEFFXXX"_s;
    QTest::newRow("fr-letters") << u"FR1420041010050500013M02606"_s << QString() << QString();
    QTest::newRow("it-cin") << u"IT60X0542811101000000123456"_s << QString() << u"BLOPIT22"_s;
    QTest::newRow("gb-no-national") << u"GB29NWBK60161331926819"_s << QString() << QString();
    QTest::newRow("mt-longest") << u"MT84MALT011000012345MTLCAST001S"_s << QString() << QString();
    QTest::newRow("bad-checksum") << u"DE99370400440532013000"_s << u"checksum"_s << QString();
    QTest::newRow("garbage") << u"not an iban"_s << u"format"_s << QString();
}

void BenchIban::analyseAndLookup_data()
{
    addInputs();
}

void BenchIban::analyseAndLookup()
{
    QFETCH(QString, input);
    QFETCH(QString, errorCode);
    QFETCH(QString, bic);

    const IbanValidator validator;
    IbanAnalysis analysis;
    std::optional<BankInfo> bank;
    QBENCHMARK
    {
        analysis = validator.analyse(input);
        bank = validator.lookupBank(analysis);
    }
    QCOMPARE(analysis.errorCode(), errorCode);
    if (!bic.isEmpty())
        QCOMPARE(bank ? bank->bic : QString(), bic);
}

void BenchIban::handlerResult_data()
{
    addInputs();
}

void BenchIban::handlerResult()
{
    QFETCH(QString, input);
    QFETCH(QString, errorCode);
    QFETCH(QString, bic);

    const IbanValidator validator;
    // The result as the channels hash and send it: canonical text.
    ades::JsonBody result;
    QBENCHMARK
    {
        result = ibanCheckResult(validator.analyse(input), validator);
    }
    QCOMPARE(result.canonical(), ades::CanonicalJson::serialise(result.object()));
    QCOMPARE(result.value(u"valid"_s).toBool(), errorCode.isEmpty());
    if (!bic.isEmpty())
        QCOMPARE(result.value(u"bic"_s).toString(), bic);
}

void BenchIban::loadBankRegistry_data()
{
    QTest::addColumn<QStringList>("countries");
    QTest::addColumn<int>("minimumBanks");

    QTest::newRow("all-33") << QStringList() << 20000;
    QTest::newRow("de-only") << QStringList { u"DE"_s } << 3000;
    QTest::newRow("at-only") << QStringList { u"AT"_s } << 800;
}

void BenchIban::loadBankRegistry()
{
    QFETCH(QStringList, countries);
    QFETCH(int, minimumBanks);

    std::shared_ptr<const BankRegistry> registry;
    QBENCHMARK
    {
        registry = BankRegistry::loadFromResources(countries);
    }
    int banks = 0;
    for (const QString &country : registry->countries())
        banks += registry->bankCount(country);
    QVERIFY2(banks >= minimumBanks, qPrintable(QString::number(banks)));
}

void BenchIban::loadIbanRegistry()
{
    QFile file(u":/iban/registry.json"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray json = file.readAll();
    std::shared_ptr<const IbanRegistry> registry;
    QString error;
    QBENCHMARK
    {
        registry = IbanRegistry::fromJson(json, &error);
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(registry->size(), IbanRegistry::bundled()->size());
}

QTEST_APPLESS_MAIN(BenchIban)
#include "BenchIban.moc"
