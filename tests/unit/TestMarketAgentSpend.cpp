// The engines of market.agent_spend: Transfer logs decoded from the recorded eth_getLogs answer of
// ../shared/data/upstreams/evm-jsonrpc/ and refused when they are not what the filter asked for, the block
// windows of a log scan (paging, a refused window split, the bound), the search for the period's first
// block, and the statement's grouping by payee, totals and CSV.

#include "TestData.h"
#include "ops/market/agentspend/BlockSearch.h"
#include "ops/market/agentspend/EurAmount.h"
#include "ops/market/agentspend/IsoText.h"
#include "ops/market/agentspend/LogWindows.h"
#include "ops/market/agentspend/SpendStatement.h"
#include "ops/market/agentspend/TransferLog.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::market;

namespace {

// The statement's parts come as canonical JSON text.
QJsonArray array(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).array();
}

QJsonObject object(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).object();
}

const QString Usdc = u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s;
const QString Wallet = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s; // of the recorded logs
const QString Payer = u"0x9b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4"_s;

QJsonObject recordedLog()
{
    QFile file(ades::test::sharedDataDir()
        + u"/upstreams/evm-jsonrpc/constructed/eth_getLogs-base-usdc-incoming.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object()[u"response"_s][u"result"_s][0].toObject();
}

QString word(const QString &address)
{
    return TransferLog::addressTopic(address);
}

QJsonObject log(const QString &from, const QString &to, const QString &amountHex, quint64 block, int index)
{
    return { { u"address"_s, Usdc },
        { u"topics"_s, QJsonArray { TransferLog::eventTopic(), word(from), word(to) } },
        { u"data"_s, QString(u"0x"_s + amountHex.rightJustified(64, u'0')) },
        { u"blockNumber"_s, QString(u"0x"_s + QString::number(block, 16)) },
        { u"transactionHash"_s, QString(u"0x"_s + QString::number(block, 16).rightJustified(64, u'a')) },
        { u"logIndex"_s, QString(u"0x"_s + QString::number(index, 16)) } };
}

SpendEntry entry(const QString &from, const QString &to, qint64 amount, const QDateTime &time, quint64 block,
    const QString &rate, const QDate &rateDay)
{
    SpendEntry e;
    e.log.from = from;
    e.log.to = to;
    e.log.amount = amount;
    e.log.block = block;
    e.log.txHash = u"0x"_s + QString::number(block, 16).rightJustified(64, u'0');
    e.time = time;
    e.direction = SpendEntry::directionOf(e.log, Wallet);
    if (!rate.isEmpty())
        e.rate = EcbRates::Rate { rate, rateDay, rateDay != time.date() };
    return e;
}

} // namespace

class TestMarketAgentSpend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventTopic();
    void decodeRecorded();
    void decodeRefused_data();
    void decodeRefused();
    void windowsPage();
    void windowsSplitRefused();
    void windowsEmpty();
    void blockSearch_data();
    void blockSearch();
    void groupsByPayee();
    void csvHasHeaderAndQuotes();
    void vatNoteIsNotADecision();
    void isoTextWritesWhatQtWrites();
};

void TestMarketAgentSpend::eventTopic()
{
    // keccak("Transfer(address,address,uint256)"), as in the recorded filter.
    QCOMPARE(
        TransferLog::eventTopic(), u"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"_s);
    QCOMPARE(TransferLog::addressTopic(u"0x5E2F4B0C1D7A9E3B8C6F0A1D2E3F4A5B6C7D8E9F"_s),
        u"0x0000000000000000000000005e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s);
}

void TestMarketAgentSpend::decodeRecorded()
{
    ADES_REQUIRE_SHARED_DATA();
    const TransferLog::Decoded d = TransferLog::decode(recordedLog(), Usdc);
    QVERIFY2(d.transfer, qPrintable(d.problem));
    QCOMPARE(d.transfer->from, Payer);
    QCOMPARE(d.transfer->to, Wallet);
    QCOMPARE(d.transfer->amount, 10'000); // 0.01 USDC
    QCOMPARE(d.transfer->block, quint64(0x2faef12));
    QCOMPARE(d.transfer->logIndex, quint64(0x8a));
    QCOMPARE(d.transfer->txHash, u"0x7d3b5e2a9c1f4e6b8a0d2c4e6f8a1b3d5c7e9f1a2b4c6d8e0f1a3b5c7d9e1f2a"_s);
    QCOMPARE(d.transfer->blockTimestamp, std::optional<qint64>(0x6a1f2b3c));
    QCOMPARE(SpendEntry::directionOf(*d.transfer, Wallet), SpendEntry::Direction::In);
    // Without the optional blockTimestamp the log is as good; the time is then asked of the block.
    QJsonObject bare = recordedLog();
    bare.remove(u"blockTimestamp"_s);
    QVERIFY(!TransferLog::decode(bare, Usdc).transfer->blockTimestamp);
}

void TestMarketAgentSpend::decodeRefused_data()
{
    QTest::addColumn<QJsonObject>("log");
    QTest::addColumn<QString>("problem");
    const QJsonObject good = log(Wallet, Payer, u"2710"_s, 100, 0);
    QJsonObject other = good;
    other[u"address"_s] = u"0x0000000000000000000000000000000000000001"_s;
    QTest::newRow("other-contract") << other << u"another contract"_s;
    QJsonObject removed = good;
    removed[u"removed"_s] = true;
    QTest::newRow("removed") << removed << u"removed"_s;
    QJsonObject approval = good;
    approval[u"topics"_s]
        = QJsonArray { u"0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925"_s, word(Wallet),
              word(Payer) };
    QTest::newRow("approval-event") << approval << u"not an ERC-20 Transfer"_s;
    QJsonObject twoTopics = good;
    twoTopics[u"topics"_s] = QJsonArray { TransferLog::eventTopic(), word(Wallet) };
    QTest::newRow("erc721-shape") << twoTopics << u"not an ERC-20 Transfer"_s;
    QJsonObject dirtyPadding = good;
    dirtyPadding[u"topics"_s] = QJsonArray { TransferLog::eventTopic(),
        u"0x0100000000000000000000005e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s, word(Payer) };
    QTest::newRow("address-padding") << dirtyPadding << u"20-byte address"_s;
    QTest::newRow("amount-2^63") << log(Wallet, Payer, u"8000000000000000"_s, 100, 0) << u"beyond 2^63"_s;
    QTest::newRow("amount-2^255") << log(Wallet, Payer, u"8"_s + QString(63, u'0'), 100, 0)
                                  << u"beyond 2^63"_s;
    QJsonObject shortData = good;
    shortData[u"data"_s] = u"0x2710"_s;
    QTest::newRow("short-data") << shortData << u"one 32-byte amount"_s;
    QJsonObject noBlock = good;
    noBlock.remove(u"blockNumber"_s);
    QTest::newRow("no-block") << noBlock << u"without block number"_s;
    QJsonObject badIndex = good;
    badIndex[u"logIndex"_s] = u"0xzz"_s;
    QTest::newRow("bad-log-index") << badIndex << u"without block number"_s;
}

void TestMarketAgentSpend::decodeRefused()
{
    QFETCH(QJsonObject, log);
    QFETCH(QString, problem);
    const TransferLog::Decoded d = TransferLog::decode(log, Usdc);
    QVERIFY(!d.transfer);
    QVERIFY2(d.problem.contains(problem), qPrintable(d.problem));
}

void TestMarketAgentSpend::windowsPage()
{
    LogWindows windows(100, 124, 10);
    QCOMPARE(windows.take(2), (QList<LogWindows::Window> { { 100, 109 }, { 110, 119 } }));
    QVERIFY(!windows.isDone());
    QCOMPARE(windows.take(5), (QList<LogWindows::Window> { { 120, 124 } }));
    QVERIFY(windows.isDone());
    QVERIFY(windows.take(5).isEmpty());
}

void TestMarketAgentSpend::windowsSplitRefused()
{
    LogWindows windows(0, 99, 40, 10);
    const QList<LogWindows::Window> first = windows.take(2); // 0-39, 40-79
    QCOMPARE(first.size(), 2);
    // The provider refused the second: its halves are asked next, then the rest at the smaller size.
    QVERIFY(windows.refused(first[1]));
    QCOMPARE(windows.windowBlocks(), quint64(20));
    QCOMPARE(windows.take(10), (QList<LogWindows::Window> { { 40, 59 }, { 60, 79 }, { 80, 99 } }));
    QVERIFY(windows.isDone());
    // Down to the minimum, and no further: the scan cannot go on.
    QVERIFY(windows.refused({ 40, 59 }));
    QCOMPARE(windows.take(10), (QList<LogWindows::Window> { { 40, 49 }, { 50, 59 } }));
    QVERIFY(!windows.refused({ 40, 49 }));
    // A window asked again as it is keeps its place in block order.
    LogWindows again(0, 29, 10);
    const QList<LogWindows::Window> taken = again.take(2);
    again.again(taken[1]);
    again.again(taken[0]);
    QCOMPARE(again.take(5), (QList<LogWindows::Window> { { 0, 9 }, { 10, 19 }, { 20, 29 } }));
}

void TestMarketAgentSpend::windowsEmpty()
{
    LogWindows windows(101, 100, 10); // the period starts after the head
    QVERIFY(windows.isDone());
    QVERIFY(windows.take(3).isEmpty());
}

void TestMarketAgentSpend::blockSearch_data()
{
    QTest::addColumn<quint64>("head");
    QTest::addColumn<qint64>("blockSeconds");
    QTest::addColumn<qint64>("since");
    QTest::addColumn<quint64>("expected");
    QTest::addColumn<int>("maxRounds");
    // Block b has timestamp 1000 + b * blockSeconds.
    QTest::newRow("base-30-days") << quint64(40'000'000) << qint64(2) << qint64(1000 + 2 * 38'704'000)
                                  << quint64(38'704'000) << 6;
    QTest::newRow("between-blocks") << quint64(40'000'000) << qint64(2) << qint64(1000 + 2 * 38'704'000 - 1)
                                    << quint64(38'704'000) << 6;
    QTest::newRow("before-genesis") << quint64(500) << qint64(12) << qint64(0) << quint64(0) << 2;
    QTest::newRow("after-head") << quint64(500) << qint64(12) << qint64(1000 + 12 * 500 + 1) << quint64(501)
                                << 0;
    QTest::newRow("small-chain") << quint64(30) << qint64(1) << qint64(1017) << quint64(17) << 2;
}

void TestMarketAgentSpend::blockSearch()
{
    QFETCH(quint64, head);
    QFETCH(qint64, blockSeconds);
    QFETCH(qint64, since);
    QFETCH(quint64, expected);
    QFETCH(int, maxRounds);
    BlockSearch search(head, 1000 + qint64(head) * blockSeconds, since);
    int rounds = 0;
    while (!search.isDone()) {
        const QList<quint64> probes = search.probes(20);
        QVERIFY(!probes.isEmpty() && probes.size() <= 20);
        for (quint64 b : probes)
            search.observed(b, 1000 + qint64(b) * blockSeconds);
        QVERIFY2(++rounds <= maxRounds, "too many rounds");
    }
    QCOMPARE(search.firstBlock(), expected);
}

void TestMarketAgentSpend::groupsByPayee()
{
    const QString a = u"0x00000000000000000000000000000000000000aa"_s;
    const QString b = u"0x00000000000000000000000000000000000000bb"_s;
    const QDateTime friday(QDate(2024, 1, 5), QTime(10, 0), Qt::UTC);
    const QDateTime saturday(QDate(2024, 1, 6), QTime(9, 30), Qt::UTC);
    QList<SpendEntry> entries {
        entry(Wallet, b, 2'500'000, saturday, 12, u"1.0921"_s, QDate(2024, 1, 5)),
        entry(Wallet, a, 1'000'000, friday, 10, u"1.0921"_s, QDate(2024, 1, 5)),
        entry(Wallet, a, 500'000, saturday, 11, u"1.0921"_s, QDate(2024, 1, 5)),
        entry(Payer, Wallet, 7'000'000, friday, 9, u"1.0921"_s, QDate(2024, 1, 5)),
        entry(Wallet, Wallet, 3'000'000, friday, 8, u"1.0921"_s, QDate(2024, 1, 5)),
    };
    for (SpendEntry &e : entries)
        e.eurCents = EurAmount::centsOf(e.log.amount, e.rate->rate);

    const QJsonArray payees = array(SpendStatement::byCounterparty(entries, SpendEntry::Direction::Out));
    QCOMPARE(payees.size(), 2);
    QCOMPARE(payees[0][u"payee"_s].toString(), b); // largest first
    QCOMPARE(payees[0][u"amount_usdc"_s].toString(), u"2.5"_s);
    QCOMPARE(payees[0][u"amount_eur"_s].toString(), u"2.29"_s); // 2.5 / 1.0921 = 2.2891
    QCOMPARE(payees[1][u"payee"_s].toString(), a);
    QCOMPARE(payees[1][u"amount_usdc"_s].toString(), u"1.5"_s);
    QCOMPARE(payees[1][u"amount_eur"_s].toString(), u"1.38"_s); // 0.92 + 0.46: rounded per payment
    QCOMPARE(payees[1][u"count"_s].toInt(), 2);
    QCOMPARE(payees[1][u"first_date"_s].toString(), u"2024-01-05"_s);
    QCOMPARE(payees[1][u"last_date"_s].toString(), u"2024-01-06"_s);

    const QJsonObject totals = object(SpendStatement::totals(entries, SpendEntry::Direction::Out));
    QCOMPARE(totals[u"count"_s].toInt(), 3); // the self-transfer is not a payment
    QCOMPARE(totals[u"amount_usdc"_s].toString(), u"4"_s);
    QCOMPARE(totals[u"amount_eur"_s].toString(), u"3.67"_s);
    QCOMPARE(totals[u"payees"_s].toInt(), 2);
    QVERIFY(totals[u"eur_complete"_s].toBool());
    QCOMPARE(object(SpendStatement::totals(entries, SpendEntry::Direction::In))[u"amount_usdc"_s].toString(),
        u"7"_s);

    const QJsonArray payments = array(SpendStatement::transfers(entries, SpendEntry::Direction::Out));
    QCOMPARE(payments.size(), 3);
    QCOMPARE(payments[0][u"block"_s].toString(), u"10"_s); // block order
    QVERIFY(!payments[0].toObject().contains(u"rate_note"_s)); // Friday's own rate
    QVERIFY(payments[1][u"rate_note"_s].toString().contains(u"weekend"_s));
    QCOMPARE(payments[1][u"rate_date"_s].toString(), u"2024-01-05"_s);

    // A payment without a rate: no euro value, and the totals say they are incomplete.
    entries.append(entry(Wallet, a, 1'000'000, saturday, 13, QString(), QDate()));
    QVERIFY(!object(SpendStatement::totals(entries, SpendEntry::Direction::Out))[u"eur_complete"_s].toBool());
    QVERIFY(
        array(SpendStatement::transfers(entries, SpendEntry::Direction::Out))[3][u"amount_eur"_s].isNull());
}

void TestMarketAgentSpend::csvHasHeaderAndQuotes()
{
    const QDateTime saturday(QDate(2024, 1, 6), QTime(9, 30), Qt::UTC);
    QList<SpendEntry> entries { entry(
        Wallet, Payer, 1'000'000, saturday, 12, u"1.0921"_s, QDate(2024, 1, 5)) };
    entries[0].eurCents = 92;
    const QStringList lines = SpendStatement::csv(entries).split(u"\r\n"_s);
    QCOMPARE(lines.size(), 3); // header, one row, the empty rest after the last CRLF
    QCOMPARE(lines[0],
        u"date,time_utc,direction,counterparty,amount_usdc,rate_usd_per_eur,rate_date,amount_eur,rate_note,block,tx_hash,log_index"_s);
    QVERIFY2(lines[1].startsWith(
                 u"2024-01-06,2024-01-06T09:30:00Z,out,"_s + Payer + u",1,1.0921,2024-01-05,0.92,\""_s),
        qPrintable(lines[1]));
    // The note holds commas, so it is quoted; the row still has exactly 12 fields outside the quotes.
    QString outside = lines[1];
    outside.remove(QRegularExpression(u"\"[^\"]*\""_s));
    QCOMPARE(outside.count(u','), SpendStatement::csvColumns().size() - 1);
    QVERIFY(SpendStatement::csv({}).endsWith(u"log_index\r\n"_s)); // header only
}

void TestMarketAgentSpend::vatNoteIsNotADecision()
{
    const QJsonObject note = SpendStatement::vatNote();
    QCOMPARE(note[u"is_decision"_s].toBool(true), false);
    QVERIFY(note[u"note"_s].toString().contains(u"Art. 44"_s));
    QVERIFY(note[u"note"_s].toString().contains(u"reverse charge"_s));
    QCOMPARE(note[u"legal_basis"_s].toArray().size(), 2);
}

// The statement's dates and times are written digit by digit from the day count (civil_from_days): they
// must be what Qt's ISO formatter writes, across leap years, centuries, before 1970 and at the ends of the
// range, and Qt's own text where the fast form does not apply.
void TestMarketAgentSpend::isoTextWritesWhatQtWrites()
{
    for (qint64 julian = QDate(1, 1, 1).toJulianDay(); julian <= QDate(9999, 12, 31).toJulianDay();
         julian += 97) {
        const QDate day = QDate::fromJulianDay(julian);
        QCOMPARE(IsoText::day(day).view().toString(), day.toString(Qt::ISODate));
    }
    for (const QDate day : { QDate(2024, 2, 29), QDate(2000, 2, 29), QDate(1900, 3, 1), QDate(1969, 12, 31),
             QDate(1970, 1, 1), QDate(1, 1, 1), QDate(9999, 12, 31) })
        QCOMPARE(IsoText::day(day).view().toString(), day.toString(Qt::ISODate));
    QCOMPARE(IsoText::day(QDate()).view().toString(), QDate().toString(Qt::ISODate));
    QCOMPARE(IsoText::day(QDate(10000, 1, 1)).view().toString(), QDate(10000, 1, 1).toString(Qt::ISODate));

    for (qint64 seconds = -2'208'988'800; seconds < 4'102'444'800; seconds += 7'777'777) {
        const QDateTime time = QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
        QCOMPARE(IsoText::timeUtc(time).view().toString(), time.toString(Qt::ISODate));
    }
    const QDateTime endOfDay(QDate(2026, 11, 30), QTime(23, 59, 59), Qt::UTC);
    QCOMPARE(IsoText::timeUtc(endOfDay).view().toString(), u"2026-11-30T23:59:59Z"_s);
    const QDateTime offset(QDate(2026, 11, 30), QTime(12, 0), Qt::OffsetFromUTC, 3600);
    QCOMPARE(IsoText::timeUtc(offset).view().toString(), offset.toString(Qt::ISODate));
}

QTEST_APPLESS_MAIN(TestMarketAgentSpend)
#include "TestMarketAgentSpend.moc"
