#include "core/ConstantTime.h"
#include "crypto/Keccak256.h"

#include <QCryptographicHash>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class TestKeccak : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectors_data();
    void vectors();
    void isNotSha3();
    void constantTimeEquals_data();
    void constantTimeEquals();
};

void TestKeccak::vectors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expectedHex");
    // docs/architecture.md, Qt 6.4 pitfalls: crypto, and the Ethereum yellow-paper-era vectors.
    QTest::newRow("empty") << QByteArray()
                           << QByteArray("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    QTest::newRow("abc") << QByteArray("abc")
                         << QByteArray("4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
    QTest::newRow("quick-brown-fox")
        << QByteArray("The quick brown fox jumps over the lazy dog")
        << QByteArray("4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15");
    // ERC-20 Transfer event topic: keccak256 of the event signature, known to every Ethereum log reader.
    QTest::newRow("transfer-topic")
        << QByteArray("Transfer(address,address,uint256)")
        << QByteArray("ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
    // ERC-20 transfer(address,uint256) selector 0xa9059cbb: the first four bytes.
    QTest::newRow("transfer-selector") << QByteArray("transfer(address,uint256)") << QByteArray("a9059cbb");
}

void TestKeccak::vectors()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expectedHex);
    const QByteArray digest = keccak256(input);
    QCOMPARE(digest.size(), 32);
    QCOMPARE(digest.toHex().left(expectedHex.size()), expectedHex);
}

void TestKeccak::isNotSha3()
{
    // FIPS-202 SHA3-256 differs only in padding; using it would break every Ethereum signature.
    QCOMPARE(QCryptographicHash::hash(QByteArray(), QCryptographicHash::Sha3_256).toHex(),
        QByteArray("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"));
    QVERIFY(keccak256(QByteArray()) != QCryptographicHash::hash(QByteArray(), QCryptographicHash::Sha3_256));
}

void TestKeccak::constantTimeEquals_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<bool>("equal");
    const QByteArray digest = keccak256("abc");
    QByteArray lastBitFlipped = digest;
    lastBitFlipped[31] = static_cast<char>(lastBitFlipped.at(31) ^ 0x01);
    QByteArray firstBitFlipped = digest;
    firstBitFlipped[0] = static_cast<char>(firstBitFlipped.at(0) ^ 0x80);
    QTest::newRow("same-digest") << digest << QByteArray(digest.constData(), digest.size()) << true;
    QTest::newRow("last-bit") << digest << lastBitFlipped << false;
    QTest::newRow("first-bit") << digest << firstBitFlipped << false;
    QTest::newRow("prefix") << digest << digest.left(31) << false;
    QTest::newRow("both-empty") << QByteArray() << QByteArray("") << true;
    QTest::newRow("empty-vs-one") << QByteArray() << QByteArray("a") << false;
    QTest::newRow("embedded-nul") << QByteArray("a\0b", 3) << QByteArray("a\0c", 3) << false;
}

void TestKeccak::constantTimeEquals()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(bool, equal);
    QCOMPARE(ades::constantTimeEquals(a, b), equal);
    QCOMPARE(ades::constantTimeEquals(b, a), equal);
}

QTEST_APPLESS_MAIN(TestKeccak)
#include "TestKeccak.moc"
