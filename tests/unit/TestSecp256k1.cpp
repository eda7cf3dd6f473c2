#include "crypto/Eip191.h"
#include "crypto/EthSignature.h"
#include "crypto/IssuerKeyFile.h"
#include "crypto/Keccak256.h"
#include "crypto/Secp256k1Key.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

// web3.js documentation example (docs/architecture.md, Qt 6.4 pitfalls: crypto).
const QString Web3Key = u"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"_s;
const QString Web3Address = u"0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"_s;
const QString Web3Signature
    = u"0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c"_s;

// secp256k1 group order n, big-endian.
const QByteArray CurveOrder
    = QByteArray::fromHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");

// n - s for a 32-byte big-endian s: the high-s twin of a low-s signature.
QByteArray negateModOrder(const QByteArray &s)
{
    QByteArray out(32, '\0');
    int borrow = 0;
    for (int i = 31; i >= 0; --i) {
        int d = static_cast<unsigned char>(CurveOrder.at(i)) - static_cast<unsigned char>(s.at(i)) - borrow;
        borrow = d < 0 ? 1 : 0;
        out[i] = static_cast<char>(d < 0 ? d + 256 : d);
    }
    return out;
}

} // namespace

class TestSecp256k1 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void web3Vector();
    void fromHex_data();
    void fromHex();
    void fromBytesRejectsWrongSize();
    void checksumAddress_data();
    void checksumAddress();
    void publicKeyToAddressRejectsNonPoints_data();
    void publicKeyToAddressRejectsNonPoints();
    void generateGivesDistinctWorkingKeys();
    void signIsDeterministicAndLowS();
    void recoverAcceptsV_data();
    void recoverAcceptsV();
    void recoverRejects_data();
    void recoverRejects();
    void eip191RecoverHex_data();
    void eip191RecoverHex();
    void eip191DetectsOtherMessage();
    void issuerKeyFileCreatesOwnerOnly();
    void issuerKeyFileReloadsSameKey();
    void issuerKeyFileRefusesWideModes_data();
    void issuerKeyFileRefusesWideModes();
    void issuerKeyFileRefusesGarbage_data();
    void issuerKeyFileRefusesGarbage();
};

void TestSecp256k1::web3Vector()
{
    const std::optional<PrivateKey> key = PrivateKey::fromHex(Web3Key);
    QVERIFY(key.has_value());
    QCOMPARE(key->address(), Web3Address);
    QCOMPARE(key->secret().toHex(), Web3Key.mid(2).toLatin1());
    QCOMPARE(key->publicKey().size(), 65);
    QCOMPARE(static_cast<unsigned char>(key->publicKey().at(0)), 0x04);
    QCOMPARE(publicKeyToAddress(key->publicKey()), Web3Address);

    const QByteArray message = "Some data";
    const QByteArray hashHex = eip191Hash(message).toHex();
    QVERIFY2(hashHex.startsWith("1da44b58") && hashHex.endsWith("86871655"), hashHex.constData());

    QCOMPARE(eip191Sign(*key, message), Web3Signature);
    QCOMPARE(eip191Recover(message, Web3Signature), std::optional<QString>(Web3Address));
}

void TestSecp256k1::fromHex_data()
{
    QTest::addColumn<QString>("hex");
    QTest::addColumn<bool>("valid");
    const QString bare = Web3Key.mid(2);
    QTest::newRow("prefixed") << Web3Key << true;
    QTest::newRow("bare") << bare << true;
    QTest::newRow("upper-case") << bare.toUpper() << true;
    QTest::newRow("upper-prefix") << (u"0X"_s + bare) << true;
    QTest::newRow("trailing-newline") << (Web3Key + u"\n"_s) << true;
    QTest::newRow("too-short") << bare.left(62) << false;
    QTest::newRow("too-long") << (bare + u"00"_s) << false;
    QTest::newRow("non-hex") << (bare.left(63) + u"g"_s) << false;
    QTest::newRow("inner-space") << (bare.left(32) + u" "_s + bare.mid(33)) << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("zero") << QString(64, u'0') << false;
    QTest::newRow("order-n") << QString::fromLatin1(CurveOrder.toHex()) << false;
    QTest::newRow("order-n-minus-1") << u"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"_s
                                     << true;
    QTest::newRow("all-ones") << QString(64, u'f') << false;
}

void TestSecp256k1::fromHex()
{
    QFETCH(QString, hex);
    QFETCH(bool, valid);
    const std::optional<PrivateKey> key = PrivateKey::fromHex(hex);
    QCOMPARE(key.has_value(), valid);
    if (valid)
        QCOMPARE(key->secret().toHex(), hex.trimmed().right(64).toLower().toLatin1());
}

void TestSecp256k1::fromBytesRejectsWrongSize()
{
    const QByteArray secret = PrivateKey::fromHex(Web3Key)->secret();
    QVERIFY(PrivateKey::fromBytes(secret).has_value());
    QVERIFY(!PrivateKey::fromBytes(secret.left(31)).has_value());
    QVERIFY(!PrivateKey::fromBytes(secret + '\x01').has_value());
}

void TestSecp256k1::checksumAddress_data()
{
    // EIP-55 specification examples.
    QTest::addColumn<QString>("expected");
    QTest::newRow("mixed-1") << u"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"_s;
    QTest::newRow("mixed-2") << u"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"_s;
    QTest::newRow("mixed-3") << u"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB"_s;
    QTest::newRow("mixed-4") << u"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"_s;
    QTest::newRow("all-caps-1") << u"0x52908400098527886E0F7030069857D2E4169EE7"_s;
    QTest::newRow("all-caps-2") << u"0x8617E340B3D01FA5F11F306F4090FD50E238070D"_s;
    QTest::newRow("all-lower-1") << u"0xde709f2102306220921060314715629080e2fb77"_s;
    QTest::newRow("all-lower-2") << u"0x27b1fdb04752bbc536007a920d24acb045561c26"_s;
}

void TestSecp256k1::checksumAddress()
{
    QFETCH(QString, expected);
    const QByteArray raw = QByteArray::fromHex(expected.mid(2).toLatin1());
    QCOMPARE(toChecksumAddress(raw), expected);
    QCOMPARE(toChecksumAddress(raw.left(19)), QString());
}

void TestSecp256k1::publicKeyToAddressRejectsNonPoints_data()
{
    QTest::addColumn<QByteArray>("publicKey");
    const QByteArray good = PrivateKey::fromHex(Web3Key)->publicKey();
    QByteArray offCurve = good;
    offCurve[64] = static_cast<char>(offCurve.at(64) ^ 0x01);
    QByteArray compressedPrefix = good;
    compressedPrefix[0] = 0x02;
    QTest::newRow("off-curve") << offCurve;
    QTest::newRow("wrong-prefix") << compressedPrefix;
    QTest::newRow("truncated") << good.left(64);
    QTest::newRow("without-prefix") << good.mid(1);
    QTest::newRow("empty") << QByteArray();
}

void TestSecp256k1::publicKeyToAddressRejectsNonPoints()
{
    QFETCH(QByteArray, publicKey);
    QCOMPARE(publicKeyToAddress(publicKey), QString());
}

void TestSecp256k1::generateGivesDistinctWorkingKeys()
{
    const PrivateKey a = PrivateKey::generate();
    const PrivateKey b = PrivateKey::generate();
    QVERIFY(a.secret() != b.secret());
    QVERIFY(a.address() != b.address());
    QCOMPARE(a.secret().size(), 32);
    QVERIFY(PrivateKey::fromBytes(a.secret()).has_value());
    QCOMPARE(PrivateKey::fromBytes(a.secret())->address(), a.address());
    const QByteArray hash = keccak256("generated");
    QCOMPARE(recoverAddress(hash, a.signRecoverable(hash)), std::optional<QString>(a.address()));
    QCOMPARE(recoverAddress(hash, b.signRecoverable(hash)), std::optional<QString>(b.address()));
}

void TestSecp256k1::signIsDeterministicAndLowS()
{
    const PrivateKey key = *PrivateKey::fromHex(Web3Key);
    const QByteArray halfOrder
        = QByteArray::fromHex("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0");
    for (int i = 0; i < 32; ++i) {
        const QByteArray hash = keccak256(QByteArray::number(i));
        const QByteArray signature = key.signRecoverable(hash);
        QCOMPARE(signature.size(), 65);
        QCOMPARE(key.signRecoverable(hash), signature);
        const auto v = static_cast<unsigned char>(signature.at(64));
        QVERIFY(v == 27 || v == 28);
        QVERIFY2(signature.mid(32, 32) <= halfOrder, "signature has a high s");
    }
    QCOMPARE(key.signRecoverable(QByteArray(31, 'x')), QByteArray());
}

void TestSecp256k1::recoverAcceptsV_data()
{
    QTest::addColumn<int>("offset");
    QTest::newRow("v-27-28") << 0;
    QTest::newRow("v-0-1") << -27;
}

void TestSecp256k1::recoverAcceptsV()
{
    QFETCH(int, offset);
    const PrivateKey key = *PrivateKey::fromHex(Web3Key);
    // Enough hashes that both recovery ids occur.
    QSet<int> seen;
    for (int i = 0; i < 16; ++i) {
        const QByteArray hash = keccak256(QByteArray::number(i));
        QByteArray signature = key.signRecoverable(hash);
        seen.insert(static_cast<unsigned char>(signature.at(64)));
        signature[64] = static_cast<char>(static_cast<unsigned char>(signature.at(64)) + offset);
        QCOMPARE(recoverAddress(hash, signature), std::optional<QString>(key.address()));
    }
    QCOMPARE(seen.size(), 2);
}

void TestSecp256k1::recoverRejects_data()
{
    QTest::addColumn<QByteArray>("hash");
    QTest::addColumn<QByteArray>("signature");
    const PrivateKey key = *PrivateKey::fromHex(Web3Key);
    const QByteArray hash = eip191Hash("Some data");
    const QByteArray good = key.signRecoverable(hash);

    QByteArray highS = good.left(32) + negateModOrder(good.mid(32, 32));
    highS.append(static_cast<char>(good.at(64) == 27 ? 28 : 27));
    QByteArray v29 = good;
    v29[64] = 29;
    QByteArray v2 = good;
    v2[64] = 2;
    QByteArray zeroR = good;
    zeroR.replace(0, 32, QByteArray(32, '\0'));
    QByteArray rOverflow = good;
    rOverflow.replace(0, 32, QByteArray(32, '\xff'));

    QTest::newRow("high-s-twin") << hash << highS;
    QTest::newRow("v-29") << hash << v29;
    QTest::newRow("v-2") << hash << v2;
    QTest::newRow("zero-r") << hash << zeroR;
    QTest::newRow("r-overflow") << hash << rOverflow;
    QTest::newRow("short-signature") << hash << good.left(64);
    QTest::newRow("short-hash") << hash.left(31) << good;
}

void TestSecp256k1::recoverRejects()
{
    QFETCH(QByteArray, hash);
    QFETCH(QByteArray, signature);
    QCOMPARE(recoverAddress(hash, signature), std::nullopt);
}

void TestSecp256k1::eip191RecoverHex_data()
{
    QTest::addColumn<QString>("signature");
    QTest::addColumn<bool>("recovers");
    QTest::newRow("prefixed") << Web3Signature << true;
    QTest::newRow("bare") << Web3Signature.mid(2) << true;
    QTest::newRow("upper-case") << (u"0x"_s + Web3Signature.mid(2).toUpper()) << true;
    QTest::newRow("truncated") << Web3Signature.left(130) << false;
    QTest::newRow("extra-digits") << (Web3Signature + u"00"_s) << false;
    QTest::newRow("non-hex") << (Web3Signature.left(131) + u"z"_s) << false;
    QTest::newRow("empty") << QString() << false;
}

void TestSecp256k1::eip191RecoverHex()
{
    QFETCH(QString, signature);
    QFETCH(bool, recovers);
    QCOMPARE(
        eip191Recover("Some data", signature), recovers ? std::optional<QString>(Web3Address) : std::nullopt);
}

void TestSecp256k1::eip191DetectsOtherMessage()
{
    const std::optional<QString> other = eip191Recover("Some datA", Web3Signature);
    QVERIFY(other.has_value());
    QVERIFY(*other != Web3Address);
}

void TestSecp256k1::issuerKeyFileCreatesOwnerOnly()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"keys/issuer.key"_s);
    const Result<PrivateKey> created = loadOrCreateIssuerKey(path);
    QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : created.error().message()));
    QCOMPARE(QFile::permissions(path),
        QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QCOMPARE(content, created.value().secret().toHex() + '\n');
}

void TestSecp256k1::issuerKeyFileReloadsSameKey()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"issuer.key"_s);
    const Result<PrivateKey> first = loadOrCreateIssuerKey(path);
    QVERIFY(first.ok());
    const Result<PrivateKey> second = loadOrCreateIssuerKey(path);
    QVERIFY(second.ok());
    QCOMPARE(second.value().address(), first.value().address());

    // An operator-provided file (the web3 key) is loaded, not replaced.
    const QString provided = dir.filePath(u"provided.key"_s);
    QFile file(provided);
    QVERIFY(file.open(
        QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    file.write(Web3Key.toLatin1() + "\n");
    file.close();
    const Result<PrivateKey> loaded = loadOrCreateIssuerKey(provided);
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.value().address(), Web3Address);
}

void TestSecp256k1::issuerKeyFileRefusesWideModes_data()
{
    QTest::addColumn<int>("extraPermissions");
    QTest::newRow("group-read") << int(QFileDevice::ReadGroup);
    QTest::newRow("other-read") << int(QFileDevice::ReadOther);
    QTest::newRow("group-write") << int(QFileDevice::WriteGroup);
    QTest::newRow("mode-644") << int(QFileDevice::ReadGroup | QFileDevice::ReadOther);
}

void TestSecp256k1::issuerKeyFileRefusesWideModes()
{
    QFETCH(int, extraPermissions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"issuer.key"_s);
    QVERIFY(loadOrCreateIssuerKey(path).ok());
    QVERIFY(QFile::setPermissions(path,
        QFileDevice::ReadOwner | QFileDevice::WriteOwner
            | QFileDevice::Permissions::fromInt(extraPermissions)));
    const Result<PrivateKey> refused = loadOrCreateIssuerKey(path);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"issuer_key_permissions"_s);
    QVERIFY(refused.error().message().contains(u"chmod 600"_s));
    QVERIFY(refused.error().message().contains(path));

    QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QVERIFY(loadOrCreateIssuerKey(path).ok());
}

void TestSecp256k1::issuerKeyFileRefusesGarbage_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("short") << QByteArray("4c0883a6");
    QTest::newRow("not-hex") << QByteArray(64, 'x');
    QTest::newRow("zero-key") << QByteArray(64, '0');
}

void TestSecp256k1::issuerKeyFileRefusesGarbage()
{
    QFETCH(QByteArray, content);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"issuer.key"_s);
    QFile file(path);
    QVERIFY(file.open(
        QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    file.write(content);
    file.close();
    const Result<PrivateKey> refused = loadOrCreateIssuerKey(path);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"issuer_key_invalid"_s);
    // The garbage is kept for the operator to inspect, never overwritten by a fresh key.
    QFile again(path);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), content);
}

QTEST_APPLESS_MAIN(TestSecp256k1)
#include "TestSecp256k1.moc"
