#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "crypto/Secp256k1Key.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

const QDateTime SigningTime = QDateTime(QDate(2026, 3, 1), QTime(12, 0), Qt::UTC);

PrivateKey benchKey()
{
    return *PrivateKey::fromHex(u"4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"_s);
}

// An IBAN-check-like result grown with source snapshots until its canonical form reaches `bytes`.
QJsonObject resultOfSize(int bytes)
{
    QJsonObject result {
        { u"contract"_s, u"eu-iban-check/1"_s },
        { u"iban"_s, u"DE89370400440532013000"_s },
        { u"valid"_s, true },
        { u"bank"_s,
            QJsonObject {
                { u"bic"_s, u"COBADEFFXXX"_s }, { u"name"_s, u"Commerzbank"_s }, { u"city"_s, u"Köln"_s } } },
        { u"score"_s, 0.97 },
        { u"price"_s, u"0.002"_s },
    };
    QJsonArray snapshots;
    while (CanonicalJson::serialise(result).size() < bytes) {
        snapshots.append(QJsonObject { { u"source"_s, u"bundesbank-blz"_s },
            { u"fetched_at"_s, u"2026-03-01T11:59:00.000Z"_s }, { u"records"_s, 3612 + snapshots.size() } });
        result.insert(u"source_snapshots"_s, snapshots);
    }
    return result;
}

} // namespace

class BenchReceipts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sign_data();
    void sign();
    void verify_data();
    void verify();
    void verifyDocument_data();
    void verifyDocument();

private:
    FixedClock m_clock { SigningTime };
};

static void addSizes()
{
    QTest::addColumn<QJsonObject>("result");
    QTest::newRow("256B") << resultOfSize(256);
    QTest::newRow("1KB") << resultOfSize(1024);
    QTest::newRow("8KB") << resultOfSize(8192);
}

void BenchReceipts::sign_data()
{
    addSizes();
}

void BenchReceipts::sign()
{
    QFETCH(QJsonObject, result);
    const ReceiptSigner signer(
        benchKey(), { u"ADES"_s, u"bench"_s, u"https://ades.example/verify"_s, 365 }, m_clock);
    QJsonObject attached;
    QBENCHMARK
    {
        attached = signer.attach(result, u"eu.iban.check"_s).body;
    }
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, signer.issuerAddress()).verify(attached);
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
    QVERIFY(verdict.issuedByThisService);
}

void BenchReceipts::verify_data()
{
    addSizes();
}

void BenchReceipts::verify()
{
    QFETCH(QJsonObject, result);
    const ReceiptSigner signer(
        benchKey(), { u"ADES"_s, u"bench"_s, u"https://ades.example/verify"_s, 365 }, m_clock);
    const QJsonObject attached = signer.attach(result, u"eu.iban.check"_s).body;
    const ReceiptVerifier verifier(m_clock, signer.issuerAddress());
    ReceiptVerdict verdict;
    QBENCHMARK
    {
        verdict = verifier.verify(attached);
    }
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
    QVERIFY(verdict.issuedByThisService);
}

void BenchReceipts::verifyDocument_data()
{
    addSizes();
}

// What POST /verify does per request: parse the body, then verify.
void BenchReceipts::verifyDocument()
{
    QFETCH(QJsonObject, result);
    const ReceiptSigner signer(
        benchKey(), { u"ADES"_s, u"bench"_s, u"https://ades.example/verify"_s, 365 }, m_clock);
    const QByteArray wire = signer.attach(result, u"eu.iban.check"_s).body.canonical();
    const ReceiptVerifier verifier(m_clock, signer.issuerAddress());
    ReceiptVerdict verdict;
    QBENCHMARK
    {
        verdict = verifier.verifyDocument(wire);
    }
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
}

QTEST_APPLESS_MAIN(BenchReceipts)
#include "BenchReceipts.moc"
