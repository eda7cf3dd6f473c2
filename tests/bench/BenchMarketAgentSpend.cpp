#include "core/CanonicalJson.h"
#include "ops/market/agentspend/EcbRates.h"
#include "ops/market/agentspend/EurAmount.h"
#include "ops/market/agentspend/SpendStatement.h"
#include "ops/market/agentspend/TransferLog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::market;

namespace {

const QString Usdc = u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s;
const QString Wallet = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s;

QJsonObject logOf(int i)
{
    const QString payee = u"0x"_s + QString::number(i % 17 + 1, 16).rightJustified(40, u'0');
    return { { u"address"_s, Usdc },
        { u"topics"_s,
            QJsonArray { TransferLog::eventTopic(), TransferLog::addressTopic(Wallet),
                TransferLog::addressTopic(payee) } },
        { u"data"_s, QString(u"0x"_s + QString::number(1'000'000 + i * 1'234, 16).rightJustified(64, u'0')) },
        { u"blockNumber"_s, QString(u"0x"_s + QString::number(30'000'000 + i * 977, 16)) },
        { u"transactionHash"_s, QString(u"0x"_s + QString::number(i + 1, 16).rightJustified(64, u'a')) },
        { u"logIndex"_s, u"0x3"_s }, { u"removed"_s, false } };
}

// An ECB document in the hist files' layout: `days` working days of 30 currencies, newest first.
QByteArray ecbDocument(int days)
{
    QByteArray cubes;
    QDate d(2026, 11, 27);
    for (int n = 0; n < days; d = d.addDays(-1)) {
        if (d.dayOfWeek() > 5)
            continue;
        cubes
            += "<Cube time='" + d.toString(Qt::ISODate).toLatin1() + "'><Cube currency='USD' rate='1.0953'/>";
        for (int c = 0; c < 29; ++c)
            cubes += "<Cube currency='C" + QByteArray::number(c) + "' rate='12.3456'/>";
        cubes += "</Cube>";
        ++n;
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><gesmes:Envelope xmlns:gesmes=\"http://www.gesmes.org/"
           "xml/2002-08-01\" xmlns=\"http://www.ecb.int/vocabulary/2002-08-01/eurofxref\"><Cube>"
        + cubes + "</Cube></gesmes:Envelope>";
}

QList<SpendEntry> entriesOf(int count)
{
    QList<SpendEntry> entries;
    for (int i = 0; i < count; ++i) {
        SpendEntry e;
        e.log = *TransferLog::decode(logOf(i), Usdc).transfer;
        e.direction = SpendEntry::directionOf(e.log, Wallet);
        e.time = QDateTime(QDate(2026, 11, 1).addDays(i % 28), QTime(12, 0), Qt::UTC);
        e.rate = EcbRates::Rate { u"1.0953"_s, e.time.date(), false };
        e.eurCents = EurAmount::centsOf(e.log.amount, e.rate->rate);
        entries.append(e);
    }
    return entries;
}

} // namespace

// What one agent-spend statement costs beside its upstream waits: decoding the logs, the statement's
// grouping, totals and CSV for a quiet, a busy and a very busy wallet, the same statement serialised as the
// channel does (canonical JSON, which it hashes, signs and sends), and parsing the ECB's 90-day file (once a
// day).
class BenchMarketAgentSpend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodeLogs_data();
    void decodeLogs();
    void statement_data();
    void statement();
    void csv_data();
    void csv();
    void parseEcb_data();
    void parseEcb();
};

void BenchMarketAgentSpend::decodeLogs_data()
{
    QTest::addColumn<int>("count");
    QTest::newRow("10") << 10;
    QTest::newRow("100") << 100;
}

void BenchMarketAgentSpend::decodeLogs()
{
    QFETCH(int, count);
    QList<QJsonObject> logs;
    for (int i = 0; i < count; ++i)
        logs.append(logOf(i));
    qint64 sum = 0;
    QBENCHMARK
    {
        sum = 0;
        for (const QJsonObject &log : std::as_const(logs))
            sum += TransferLog::decode(log, Usdc).transfer->amount;
    }
    QVERIFY(sum >= qint64(count) * 1'000'000);
}

void BenchMarketAgentSpend::statement_data()
{
    QTest::addColumn<int>("count");
    QTest::newRow("10-transfers") << 10;
    QTest::newRow("100-transfers") << 100;
    QTest::newRow("1000-transfers") << 1000;
}

// The statement's parts that grow with the transfers (payments, payees, totals), as the operation writes
// them: canonical JSON text (core/CanonicalWriter), what ReceiptSigner hashes and the channels send, without
// the receipt's hash and signature (BenchReceipts).
void BenchMarketAgentSpend::statement()
{
    QFETCH(int, count);
    const QList<SpendEntry> entries = entriesOf(count);
    QByteArray text;
    QBENCHMARK
    {
        text = ades::CanonicalJson::withSerialisedMembers("{}",
            { { u"payments"_s, SpendStatement::transfers(entries, SpendEntry::Direction::Out) },
                { u"payees"_s, SpendStatement::byCounterparty(entries, SpendEntry::Direction::Out) },
                { u"totals"_s, SpendStatement::totals(entries, SpendEntry::Direction::Out) } });
    }
    QCOMPARE(text.count("\"tx_hash\""), count);
    QCOMPARE(text.count("\"payee\""), count + qMin(count, 17));
    // The text is canonical: CanonicalJson writes the same for the object it holds.
    QCOMPARE(text, ades::CanonicalJson::serialise(QJsonDocument::fromJson(text).object()));
}

void BenchMarketAgentSpend::csv_data()
{
    statement_data();
}

void BenchMarketAgentSpend::csv()
{
    QFETCH(int, count);
    const QList<SpendEntry> entries = entriesOf(count);
    qsizetype bytes = 0;
    QBENCHMARK
    {
        bytes = SpendStatement::csv(entries).size();
    }
    QVERIFY(bytes > count * 100);
}

void BenchMarketAgentSpend::parseEcb_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::newRow("hist-90d-64-days") << ecbDocument(64);
}

void BenchMarketAgentSpend::parseEcb()
{
    QFETCH(QByteArray, xml);
    qsizetype days = 0;
    QBENCHMARK
    {
        days = EcbRates::parse(xml, u"USD"_s).value().size();
    }
    QCOMPARE(days, 64);
}

QTEST_APPLESS_MAIN(BenchMarketAgentSpend)
#include "BenchMarketAgentSpend.moc"
