#include "TestData.h"
#include "crypto/Secp256k1Key.h"
#include "payments/ExactEvmPrecheck.h"
#include "payments/X402Offers.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::x402;

namespace {

QJsonObject readJson(const QString &name)
{
    QFile file(test::sharedDataDir() + u"/x402/"_s + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QString hex(const QByteArray &bytes)
{
    return u"0x"_s + QString::fromLatin1(bytes.toHex());
}

// The vector's validBefore minus a minute: the recorded payment is valid "now".
constexpr qint64 Now = 1795379108 - 60;

} // namespace

class TestExactEvmPrecheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eip712Vector();
    void uint256Encoding_data();
    void uint256Encoding();
    void negativeCases_data();
    void negativeCases();
    void headerForms_data();
    void headerForms();

private:
    // Re-signs `payment` with `key` over the digest built from the given domain and its authorization.
    QJsonObject resign(
        QJsonObject payment, const PrivateKey &key, const QString &domainName, const QString &chainId) const;

    QJsonObject m_vector;
    QJsonObject m_payment; // data/x402/payment-payload.json
    QList<QJsonObject> m_offers;
    std::optional<PrivateKey> m_payerKey;
};

void TestExactEvmPrecheck::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    m_vector = readJson(u"eip712-vector.json"_s);
    m_payment = readJson(u"payment-payload.json"_s);
    QVERIFY(!m_vector.isEmpty());
    QVERIFY(!m_payment.isEmpty());
    // Our offer is the requirement the payment was made for (a local chain 1337 token).
    m_offers = { m_payment.value(u"accepted"_s).toObject() };
    m_payerKey = PrivateKey::fromHex(m_vector.value(u"signerPrivateKey_publicTestKeyOnly"_s).toString());
    QVERIFY(m_payerKey);
    QCOMPARE(m_payerKey->address(), m_vector.value(u"recoveredSigner"_s).toString());
}

void TestExactEvmPrecheck::eip712Vector()
{
    const QJsonObject domain = m_vector.value(u"domain"_s).toObject();
    const QJsonObject message = m_vector.value(u"message"_s).toObject();
    const auto separator = Eip712::domainSeparator(domain.value(u"name"_s).toString(),
        domain.value(u"version"_s).toString(), QString::number(domain.value(u"chainId"_s).toInt()),
        domain.value(u"verifyingContract"_s).toString());
    QVERIFY(separator);
    QCOMPARE(hex(*separator), m_vector.value(u"domainSeparator"_s).toString());
    const Eip3009Authorization authorization {
        message.value(u"from"_s).toString(),
        message.value(u"to"_s).toString(),
        message.value(u"value"_s).toString(),
        message.value(u"validAfter"_s).toString(),
        message.value(u"validBefore"_s).toString(),
        message.value(u"nonce"_s).toString(),
    };
    const auto structHash = Eip712::transferWithAuthorizationHash(authorization);
    QVERIFY(structHash);
    QCOMPARE(hex(*structHash), m_vector.value(u"structHash"_s).toString());
    QCOMPARE(hex(Eip712::digest(*separator, *structHash)), m_vector.value(u"digest"_s).toString());

    const ExactEvmPrecheck::Outcome outcome = ExactEvmPrecheck::check(m_payment, m_offers, Now);
    QVERIFY2(outcome.ok, qPrintable(outcome.reason));
    QVERIFY(outcome.signatureRecovered);
    QCOMPARE(outcome.payer, m_vector.value(u"recoveredSigner"_s).toString());
    QCOMPARE(outcome.requirement, m_offers.first());
}

void TestExactEvmPrecheck::uint256Encoding_data()
{
    QTest::addColumn<QString>("decimal");
    QTest::addColumn<QString>("expected"); // empty: refused
    QTest::newRow("zero") << u"0"_s << QString(64, u'0');
    QTest::newRow("10000") << u"10000"_s << (QString(60, u'0') + u"2710"_s);
    QTest::newRow("max")
        << u"115792089237316195423570985008687907853269984665640564039457584007913129639935"_s
        << QString(64, u'f');
    QTest::newRow("overflow")
        << u"115792089237316195423570985008687907853269984665640564039457584007913129639936"_s << QString();
    QTest::newRow("sign") << u"-1"_s << QString();
    QTest::newRow("hex") << u"0x10"_s << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TestExactEvmPrecheck::uint256Encoding()
{
    QFETCH(QString, decimal);
    QFETCH(QString, expected);
    const auto word = Eip712::encodeUint256(decimal);
    QCOMPARE(word ? QString::fromLatin1(word->toHex()) : QString(), expected);
}

QJsonObject TestExactEvmPrecheck::resign(
    QJsonObject payment, const PrivateKey &key, const QString &domainName, const QString &chainId) const
{
    QJsonObject payload = payment.value(u"payload"_s).toObject();
    const QJsonObject auth = payload.value(u"authorization"_s).toObject();
    const Eip3009Authorization a { auth.value(u"from"_s).toString(), auth.value(u"to"_s).toString(),
        auth.value(u"value"_s).toString(), auth.value(u"validAfter"_s).toString(),
        auth.value(u"validBefore"_s).toString(), auth.value(u"nonce"_s).toString() };
    const QJsonObject accepted = payment.value(u"accepted"_s).toObject();
    const auto domain
        = Eip712::domainSeparator(domainName, u"2"_s, chainId, accepted.value(u"asset"_s).toString());
    const QByteArray digest = Eip712::digest(*domain, *Eip712::transferWithAuthorizationHash(a));
    payload.insert(u"signature"_s, hex(key.signRecoverable(digest)));
    payment.insert(u"payload"_s, payload);
    return payment;
}

void TestExactEvmPrecheck::negativeCases_data()
{
    QTest::addColumn<QJsonObject>("payment");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<QString>(
        "reason"); // the code the official stack answered (data/x402/negative-cases.json)

    auto withAuth = [this](const QString &field, const QString &value) {
        QJsonObject payment = m_payment;
        QJsonObject payload = payment.value(u"payload"_s).toObject();
        QJsonObject auth = payload.value(u"authorization"_s).toObject();
        auth.insert(field, value);
        payload.insert(u"authorization"_s, auth);
        payment.insert(u"payload"_s, payload);
        return payment;
    };
    const PrivateKey other = PrivateKey::generate();

    QTest::newRow("valid") << m_payment << Now << QString();
    QTest::newRow("value_tampered") << withAuth(u"value"_s, u"20000"_s) << Now
                                    << u"invalid_exact_evm_signature"_s;
    QJsonObject amountChanged = m_payment;
    QJsonObject accepted = amountChanged.value(u"accepted"_s).toObject();
    accepted.insert(u"amount"_s, u"1"_s);
    amountChanged.insert(u"accepted"_s, accepted);
    QTest::newRow("accepted_amount_changed") << amountChanged << Now << u"no_matching_payment_requirements"_s;
    QTest::newRow("value_too_low") << resign(withAuth(u"value"_s, u"9999"_s), *m_payerKey, u"USD Coin"_s,
        u"1337"_s) << Now << u"invalid_exact_evm_payload_authorization_value_mismatch"_s;
    QTest::newRow("wrong_recipient") << resign(
        withAuth(u"to"_s, u"0x1111111111111111111111111111111111111111"_s), *m_payerKey, u"USD Coin"_s,
        u"1337"_s) << Now << u"invalid_exact_evm_recipient_mismatch"_s;
    QTest::newRow("expired") << m_payment << qint64(1795379108 + 10)
                             << u"invalid_exact_evm_payload_authorization_valid_before"_s;
    QTest::newRow("expires_in_3s") << m_payment << qint64(1795379108 - 3)
                                   << u"invalid_exact_evm_payload_authorization_valid_before"_s;
    QTest::newRow("valid_after_future") << resign(
        withAuth(u"validAfter"_s, QString::number(Now + 3600)), *m_payerKey, u"USD Coin"_s, u"1337"_s)
                                        << Now << u"invalid_exact_evm_payload_authorization_valid_after"_s;
    QTest::newRow("wrong_domain_name")
        << resign(m_payment, *m_payerKey, u"USDC"_s, u"1337"_s) << Now << u"invalid_exact_evm_signature"_s;
    QTest::newRow("wrong_chain_id") << resign(m_payment, *m_payerKey, u"USD Coin"_s, u"8453"_s) << Now
                                    << u"invalid_exact_evm_signature"_s;
    QTest::newRow("signer_not_from") << resign(m_payment, other, u"USD Coin"_s, u"1337"_s) << Now
                                     << u"invalid_exact_evm_signature"_s;
    QJsonObject unknownNetwork = m_payment;
    QJsonObject acceptedElsewhere = unknownNetwork.value(u"accepted"_s).toObject();
    acceptedElsewhere.insert(u"network"_s, u"eip155:99999"_s);
    unknownNetwork.insert(u"accepted"_s, acceptedElsewhere);
    QTest::newRow("unknown_network") << unknownNetwork << Now << u"no_matching_payment_requirements"_s;
    QJsonObject v1 = m_payment;
    v1.insert(u"x402Version"_s, 1);
    QTest::newRow("x402Version_1") << v1 << Now << u"unsupported_x402_version"_s;
    QTest::newRow("bad_nonce") << withAuth(u"nonce"_s, u"0x1234"_s) << Now << u"invalid_payload"_s;
}

void TestExactEvmPrecheck::negativeCases()
{
    QFETCH(QJsonObject, payment);
    QFETCH(qint64, now);
    QFETCH(QString, reason);
    const ExactEvmPrecheck::Outcome outcome = ExactEvmPrecheck::check(payment, m_offers, now);
    QCOMPARE(outcome.ok, reason.isEmpty());
    QCOMPARE(outcome.reason, reason);
}

void TestExactEvmPrecheck::headerForms_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<bool>("decodes");
    QFile raw(test::sharedDataDir() + u"/x402/payment-signature.header.txt"_s);
    QVERIFY(raw.open(QIODevice::ReadOnly));
    const QByteArray header = raw.readAll().trimmed();
    QByteArray unpadded = header;
    while (unpadded.endsWith('='))
        unpadded.chop(1);
    QByteArray urlSafe = header;
    urlSafe.replace('+', '-').replace('/', '_');
    QTest::newRow("recorded") << header << true;
    QTest::newRow("header_unpadded_base64") << unpadded << true;
    QTest::newRow("header_urlsafe_base64") << urlSafe << (urlSafe == header);
    QTest::newRow("header_not_base64") << QByteArray("%%%not base64%%%") << false;
    QTest::newRow("header_base64_not_json") << QByteArray("bm90IGpzb24=") << false;
}

void TestExactEvmPrecheck::headerForms()
{
    QFETCH(QByteArray, header);
    QFETCH(bool, decodes);
    const Result<QJsonObject> decoded = X402Offers::decodeHeader(header);
    QCOMPARE(decoded.ok(), decodes);
    if (decodes)
        QVERIFY(ExactEvmPrecheck::check(decoded.value(), m_offers, Now).ok);
}

QTEST_APPLESS_MAIN(TestExactEvmPrecheck)
#include "TestExactEvmPrecheck.moc"
