#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "crypto/Eip191.h"
#include "crypto/Keccak256.h"
#include "crypto/Secp256k1Key.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

const QString IssuerKeyHex = u"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"_s;
const QString OtherKeyHex = u"0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f"_s;
const QDateTime SigningTime = QDateTime(QDate(2026, 3, 1), QTime(12, 0), Qt::UTC);

const QStringList ReceiptFields {
    u"standard"_s,
    u"service"_s,
    u"subject"_s,
    u"result_hash"_s,
    u"issued_at"_s,
    u"valid_until"_s,
    u"issuer"_s,
    u"issuer_key"_s,
    u"key_id"_s,
    u"verify_url"_s,
    u"how_to_verify"_s,
    u"signature"_s,
    u"signed_message"_s,
};

ReceiptIssuer testIssuer()
{
    return { u"ADES"_s, u"ADES test operator"_s, u"https://ades.example/verify"_s, 365 };
}

// An IBAN check as the service returns it: nested objects, arrays, unicode, integers and fractions.
QJsonObject ibanResult()
{
    return QJsonObject {
        { u"contract"_s, u"eu-iban-check/1"_s },
        { u"iban"_s, u"DE89370400440532013000"_s },
        { u"valid"_s, true },
        { u"country"_s,
            QJsonObject { { u"code"_s, u"DE"_s }, { u"name"_s, u"Deutschland"_s }, { u"sepa"_s, true } } },
        { u"bank"_s,
            QJsonObject {
                { u"bic"_s, u"COBADEFFXXX"_s }, { u"name"_s, u"Commerzbank"_s }, { u"city"_s, u"Köln"_s } } },
        { u"checks"_s,
            QJsonArray {
                QJsonObject { { u"id"_s, u"length"_s }, { u"passed"_s, true }, { u"expected"_s, 22 } },
                QJsonObject { { u"id"_s, u"mod97"_s }, { u"passed"_s, true }, { u"remainder"_s, 1 } } } },
        { u"score"_s, 0.97 },
        { u"price"_s, u"0.002"_s },
        { u"notes"_s, u"Prüfung bestanden ✓ — „Straße“ 😀"_s },
        { u"evidence"_s, QJsonValue() },
        { u"source_snapshots"_s,
            QJsonArray { QJsonObject { { u"source"_s, u"bundesbank-blz"_s },
                { u"fetched_at"_s, u"2026-03-01T11:59:00.000Z"_s }, { u"records"_s, 3612 } } } },
        { u"extensions"_s, QJsonObject { { u"x402"_s, QJsonObject { { u"network"_s, u"base"_s } } } } },
    };
}

PrivateKey issuerKey()
{
    return *PrivateKey::fromHex(IssuerKeyHex);
}

PrivateKey otherKey()
{
    return *PrivateKey::fromHex(OtherKeyHex);
}

// service-receipt/1 as the previous generation issued it: personal_sign over the text "0x" + hex SHA-256 of
// the canonical result without `receipt`. Test-only: the product never issues /1 any more.
QJsonObject attachV1Receipt(const QJsonObject &result, const PrivateKey &key, const QString &issuedAt)
{
    QJsonObject hashed = result;
    hashed.remove(u"receipt"_s);
    const QString resultHash = u"0x"_s
        + QString::fromLatin1(
            QCryptographicHash::hash(CanonicalJson::serialise(hashed), QCryptographicHash::Sha256).toHex());
    QJsonObject out = result;
    out.insert(u"receipt"_s,
        QJsonObject { { u"standard"_s, u"service-receipt/1"_s }, { u"result_hash"_s, resultHash },
            { u"signature"_s, eip191Sign(key, resultHash.toUtf8()) }, { u"issuer"_s, key.address() },
            { u"issued_at"_s, issuedAt } });
    return out;
}

// n - s: the high-s twin of a signature, which recovers to the same key unless the verifier refuses it.
QString highSTwin(const QString &signatureHex)
{
    const QByteArray order
        = QByteArray::fromHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    const QByteArray signature = QByteArray::fromHex(signatureHex.mid(2).toLatin1());
    QByteArray s(32, '\0');
    int borrow = 0;
    for (int i = 31; i >= 0; --i) {
        const int d = static_cast<unsigned char>(order.at(i))
            - static_cast<unsigned char>(signature.at(32 + i)) - borrow;
        borrow = d < 0 ? 1 : 0;
        s[i] = static_cast<char>(d < 0 ? d + 256 : d);
    }
    const char v = signature.at(64) == 27 ? 28 : 27;
    return u"0x"_s + QString::fromLatin1(QByteArray(signature.left(32) + s + v).toHex());
}

// A generic change of any JSON value: still the same type where possible, never equal.
QJsonValue changed(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return !value.toBool();
    case QJsonValue::Double:
        return value.toDouble() + 1;
    case QJsonValue::String:
        return QString(value.toString() + u"x"_s);
    case QJsonValue::Array: {
        QJsonArray array = value.toArray();
        array.append(1);
        return array;
    }
    case QJsonValue::Object: {
        QJsonObject object = value.toObject();
        object.insert(u"tampered"_s, true);
        return object;
    }
    default:
        return u"x"_s;
    }
}

enum class Location
{
    BothAlterTop,
    BothAlterExtension,
    TopOnly,
    ExtensionOnly
};

QJsonObject placeReceipt(QJsonObject result, const QJsonObject &altered, Location location)
{
    QJsonObject extensions = result.value(u"extensions"_s).toObject();
    switch (location) {
    case Location::BothAlterTop:
        result.insert(u"receipt"_s, altered);
        break;
    case Location::BothAlterExtension:
        extensions.insert(u"delivery-receipt"_s, altered);
        break;
    case Location::TopOnly:
        result.insert(u"receipt"_s, altered);
        extensions.remove(u"delivery-receipt"_s);
        break;
    case Location::ExtensionOnly:
        result.remove(u"receipt"_s);
        extensions.insert(u"delivery-receipt"_s, altered);
        break;
    }
    result.insert(u"extensions"_s, extensions);
    return result;
}

// The result with the same receipt object in both places, so that only the change itself is reported.
QJsonObject withReceipt(QJsonObject result, const QJsonObject &receipt)
{
    result.insert(u"receipt"_s, receipt);
    QJsonObject extensions = result.value(u"extensions"_s).toObject();
    if (extensions.contains(u"delivery-receipt"_s))
        extensions.insert(u"delivery-receipt"_s, receipt);
    result.insert(u"extensions"_s, extensions);
    return result;
}

// The same signature with its last byte (v) replaced.
QString withV(const QString &signatureHex, int v)
{
    QByteArray signature = QByteArray::fromHex(signatureHex.mid(2).toLatin1());
    signature[64] = char(v);
    return u"0x"_s + QString::fromLatin1(signature.toHex());
}

} // namespace

Q_DECLARE_METATYPE(Location)

class TestReceipts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signedResultVerifies();
    void receiptFieldsAreConsistent();
    void signingIsDeterministic();
    void survivesWireRoundTrip_data();
    void survivesWireRoundTrip();
    void attachReplacesOldReceipt();
    void serialisedBodyIsTheCanonicalBody();
    void resultGivenAsTextIsSignedAsText();
    void otherExtensionsAreNotSigned();
    void tamperReceipt_data();
    void tamperReceipt();
    void tamperResult_data();
    void tamperResult();
    void trust_data();
    void trust();
    void expiry_data();
    void expiry();
    void v1Receipt_data();
    void v1Receipt();
    void unusableInput_data();
    void unusableInput();
    void verdictJson();
    void unknownMembersAreRefused_data();
    void unknownMembersAreRefused();
    void duplicateKeysAreRefused_data();
    void duplicateKeysAreRefused();
    void signatureVIsDocumentedOnly_data();
    void signatureVIsDocumentedOnly();
    void verdictRepeatsOnlySignedMembers();

private:
    FixedClock m_clock { SigningTime };
};

void TestReceipts::signedResultVerifies()
{
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, signer.issuerAddress()).verify(attached);
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
    QVERIFY(verdict.usable);
    QCOMPARE(verdict.standard, u"service-receipt/2"_s);
    QCOMPARE(verdict.issuer, issuerKey().address());
    QVERIFY(!verdict.expired);
    QVERIFY(verdict.issuedByThisService);
    QCOMPARE(verdict.problems, QStringList());
    QCOMPARE(verdict.receipt, attached.value(u"receipt"_s).toObject());
}

void TestReceipts::receiptFieldsAreConsistent()
{
    const PrivateKey key = issuerKey();
    const ReceiptSigner signer(key, testIssuer(), m_clock);
    const QJsonObject result = ibanResult();
    const QJsonObject attached = signer.attach(result, u"eu.iban.check"_s).body;
    const QJsonObject receipt = attached.value(u"receipt"_s).toObject();

    QCOMPARE(receipt.size(), 13);
    for (const QString &field : ReceiptFields)
        QVERIFY2(receipt.value(field).isString(), qPrintable(field));
    QCOMPARE(attached.value(u"extensions"_s).toObject().value(u"delivery-receipt"_s).toObject(), receipt);
    QCOMPARE(attached.value(u"extensions"_s).toObject().value(u"x402"_s),
        result.value(u"extensions"_s)[u"x402"_s]);

    QCOMPARE(receipt[u"standard"_s].toString(), u"service-receipt/2"_s);
    QCOMPARE(receipt[u"service"_s].toString(), u"ADES"_s);
    QCOMPARE(receipt[u"subject"_s].toString(), u"eu.iban.check"_s);
    QCOMPARE(receipt[u"issued_at"_s].toString(), u"2026-03-01T12:00:00.000Z"_s);
    QCOMPARE(receipt[u"valid_until"_s].toString(), u"2027-03-01T12:00:00.000Z"_s);
    QCOMPARE(receipt[u"issuer"_s].toString(), key.address());
    QCOMPARE(signer.issuerAddress(), key.address());
    QCOMPARE(receipt[u"issuer_key"_s].toString(), u"0x"_s + QString::fromLatin1(key.publicKey().toHex()));
    QCOMPARE(signer.issuerPublicKey(), key.publicKey());
    QCOMPARE(receipt[u"key_id"_s].toString(), u"eip191:"_s + key.address());
    QCOMPARE(signer.keyId(), receipt[u"key_id"_s].toString());
    QCOMPARE(receipt[u"verify_url"_s].toString(), u"https://ades.example/verify"_s);
    QVERIFY(receipt[u"how_to_verify"_s].toString().contains(u"EIP-191"_s));

    // result_hash: the canonical result without receipt and extensions.
    QJsonObject stripped = result;
    stripped.remove(u"extensions"_s);
    QCOMPARE(receipt[u"result_hash"_s].toString(),
        u"0x"_s + QString::fromLatin1(keccak256(CanonicalJson::serialise(stripped)).toHex()));

    // signed_message: the canonical JSON of the eleven other fields.
    const QByteArray signedMessage = receipt[u"signed_message"_s].toString().toUtf8();
    const QJsonObject envelope = QJsonDocument::fromJson(signedMessage).object();
    QCOMPARE(envelope.size(), 11);
    for (const QString &field : ReceiptFields) {
        if (field == u"signature"_s || field == u"signed_message"_s)
            QVERIFY(!envelope.contains(field));
        else
            QCOMPARE(envelope.value(field), receipt.value(field));
    }
    QCOMPARE(CanonicalJson::serialise(envelope), signedMessage);

    // The signature is plain EIP-191 personal_sign over the signed_message bytes.
    QCOMPARE(eip191Recover(signedMessage, receipt[u"signature"_s].toString()),
        std::optional<QString>(key.address()));
    QCOMPARE(receipt[u"signature"_s].toString().size(), 132);
}

void TestReceipts::signingIsDeterministic()
{
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject first = signer.makeReceipt(ibanResult(), u"eu.iban.check"_s);
    QCOMPARE(signer.makeReceipt(ibanResult(), u"eu.iban.check"_s), first);
    QVERIFY(signer.makeReceipt(ibanResult(), u"eu.iban.check:2"_s) != first);
}

void TestReceipts::survivesWireRoundTrip_data()
{
    QTest::addColumn<int>("format");
    QTest::newRow("compact") << int(QJsonDocument::Compact);
    QTest::newRow("indented") << int(QJsonDocument::Indented);
}

void TestReceipts::survivesWireRoundTrip()
{
    QFETCH(int, format);
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    const QByteArray wire = QJsonDocument(attached).toJson(QJsonDocument::JsonFormat(format));
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, signer.issuerAddress()).verifyDocument(wire);
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
    QVERIFY(verdict.issuedByThisService);
}

void TestReceipts::attachReplacesOldReceipt()
{
    FixedClock clock(SigningTime);
    const ReceiptSigner signer(issuerKey(), testIssuer(), clock);
    const QJsonObject once = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    clock.advanceSeconds(60);
    const QJsonObject twice = signer.attach(once, u"eu.iban.check"_s).body;

    const QJsonObject receipt = twice.value(u"receipt"_s).toObject();
    QCOMPARE(receipt[u"issued_at"_s].toString(), u"2026-03-01T12:01:00.000Z"_s);
    QCOMPARE(receipt[u"result_hash"_s], once.value(u"receipt"_s)[u"result_hash"_s]);
    QCOMPARE(twice.value(u"extensions"_s).toObject().value(u"delivery-receipt"_s).toObject(), receipt);
    QCOMPARE(twice.value(u"extensions"_s).toObject().size(), 2);
    QVERIFY(ReceiptVerifier(clock).verify(twice).valid);

    // A malformed `extensions` member gives way to an object holding the receipt.
    QJsonObject odd = ibanResult();
    odd.insert(u"extensions"_s, u"none"_s);
    const QJsonObject fixed = signer.attach(odd, u"eu.iban.check"_s).body;
    QCOMPARE(fixed.value(u"extensions"_s).toObject().keys(), QStringList { u"delivery-receipt"_s });
    QVERIFY(ReceiptVerifier(clock).verify(fixed).valid);
}

void TestReceipts::serialisedBodyIsTheCanonicalBody()
{
    // The bytes a channel sends are exactly the canonical JSON of the signed body, also when the result
    // already carries a receipt, other extensions or a malformed `extensions` member.
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    QJsonObject withExtras = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    QJsonObject extensions = withExtras.value(u"extensions"_s).toObject();
    extensions.insert(u"x402"_s, QJsonObject { { u"network"_s, u"base-sepolia"_s } });
    withExtras.insert(u"extensions"_s, extensions);
    QJsonObject odd = ibanResult();
    odd.insert(u"extensions"_s, u"none"_s);
    // Extension members sorting before the receipt's copy, and one whose key is not ASCII.
    QJsonObject around = ibanResult();
    around.insert(u"extensions"_s,
        QJsonObject { { u"aaa"_s, 1 }, { u"delivery-receipt"_s, u"stale"_s }, { u"zz"_s, true } });
    QJsonObject unusual = ibanResult();
    unusual.insert(u"extensions"_s, QJsonObject { { u"prüfung"_s, u"ok"_s } });
    for (const QJsonObject &result : { ibanResult(), withExtras, odd, around, unusual }) {
        const ReceiptSigner::Signed out = signer.attach(result, u"eu.iban.check"_s);
        QCOMPARE(out.body.canonical(), CanonicalJson::serialise(out.body.object()));
        QVERIFY(ReceiptVerifier(m_clock).verify(out.body).valid);
        // The receipt as kept in the archive: the body's, its canonical text, its two times.
        QCOMPARE(out.receipt, out.body.value(u"receipt"_s).toObject());
        QCOMPARE(out.receiptJson, CanonicalJson::serialise(out.receipt));
        QCOMPARE(isoUtc(out.issuedAt), out.receipt.value(u"issued_at"_s).toString());
        QCOMPARE(isoUtc(out.validUntil), out.receipt.value(u"valid_until"_s).toString());
    }
}

void TestReceipts::resultGivenAsTextIsSignedAsText()
{
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QByteArray text = CanonicalJson::serialise(ibanResult());
    const ReceiptSigner::Signed out = signer.attach(JsonBody::fromCanonical(text), u"eu.iban.check"_s);
    // The same bytes as a result given as an object, receipt spliced in where it sorts.
    QCOMPARE(out.body.canonical(), CanonicalJson::serialise(out.body.object()));
    QCOMPARE(out.body.object(), QJsonDocument::fromJson(out.body.canonical()).object());
    QCOMPARE(out.body.value(u"receipt"_s).toObject(), out.receipt);
    QCOMPARE(out.body.value(u"extensions"_s)[u"delivery-receipt"_s].toObject(), out.receipt);
    QVERIFY(ReceiptVerifier(m_clock).verifyDocument(out.body.canonical()).valid);
    // A text that holds a receipt already takes the object path, which replaces it.
    const QByteArray stale = CanonicalJson::serialise(signer.attach(ibanResult(), u"x"_s).body.object());
    const ReceiptSigner::Signed again = signer.attach(JsonBody::fromCanonical(stale), u"eu.iban.check"_s);
    QCOMPARE(again.body.value(u"receipt"_s).toObject(), again.receipt);
    QVERIFY(ReceiptVerifier(m_clock).verify(again.body).valid);
}

void TestReceipts::otherExtensionsAreNotSigned()
{
    // docs/interface.md §2.1 hashes the result without `extensions`: payment metadata may be added once
    // it is signed.
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    QJsonObject extensions = attached.value(u"extensions"_s).toObject();
    extensions.insert(u"x402"_s, QJsonObject { { u"network"_s, u"base-sepolia"_s } });
    extensions.insert(u"settlement"_s, u"0xabc"_s);
    attached.insert(u"extensions"_s, extensions);
    QVERIFY(ReceiptVerifier(m_clock).verify(attached).valid);
}

void TestReceipts::tamperReceipt_data()
{
    QTest::addColumn<Location>("location");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("newValue"); // Undefined: remove the field
    QTest::addColumn<QString>("expectedProblem");

    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject receipt = signer.makeReceipt(ibanResult(), u"eu.iban.check"_s);
    const PrivateKey other = otherKey();
    const QString signedMessage = receipt[u"signed_message"_s].toString();
    QString alteredMessage = signedMessage;
    alteredMessage.replace(u"\"service\":\"ADES\""_s, u"\"service\":\"ADES2\""_s);
    QVERIFY(alteredMessage != signedMessage);

    struct Change
    {
        const char *name;
        QString field;
        QJsonValue value;
        QString problem;
    };
    const QList<Change> changes {
        { "standard-unknown", u"standard"_s, u"service-receipt/3"_s, u"unknown_standard"_s },
        { "service", u"service"_s, u"Other Service"_s, u"signed_message_mismatch"_s },
        { "subject", u"subject"_s, u"eu.vat.check"_s, u"signed_message_mismatch"_s },
        { "result-hash", u"result_hash"_s, QString(u"0x"_s + QString(64, u'0')), u"result_hash_mismatch"_s },
        { "issued-at-other", u"issued_at"_s, u"2026-02-01T12:00:00.000Z"_s, u"signed_message_mismatch"_s },
        { "issued-at-garbage", u"issued_at"_s, u"yesterday"_s, u"invalid_timestamp:issued_at"_s },
        { "valid-until-other", u"valid_until"_s, u"2099-01-01T00:00:00.000Z"_s,
            u"signed_message_mismatch"_s },
        { "valid-until-garbage", u"valid_until"_s, u"2027-13-45T99:00:00Z"_s,
            u"invalid_timestamp:valid_until"_s },
        { "valid-until-before-issue", u"valid_until"_s, u"2026-01-01T00:00:00.000Z"_s,
            u"validity_window_inverted"_s },
        { "issuer", u"issuer"_s, other.address(), u"signature_issuer_mismatch"_s },
        { "issuer-key", u"issuer_key"_s, QString(u"0x"_s + QString::fromLatin1(other.publicKey().toHex())),
            u"issuer_key_mismatch"_s },
        { "issuer-key-garbage", u"issuer_key"_s, u"0x04"_s, u"issuer_key_mismatch"_s },
        { "key-id", u"key_id"_s, QString(u"eip191:"_s + other.address()), u"key_id_mismatch"_s },
        { "verify-url", u"verify_url"_s, u"https://evil.example/verify"_s, u"signed_message_mismatch"_s },
        { "how-to-verify", u"how_to_verify"_s, u"Trust us."_s, u"signed_message_mismatch"_s },
        { "signature-other-key", u"signature"_s, eip191Sign(other, signedMessage.toUtf8()),
            u"signature_issuer_mismatch"_s },
        { "signature-high-s", u"signature"_s, highSTwin(receipt[u"signature"_s].toString()),
            u"bad_signature"_s },
        { "signature-garbage", u"signature"_s, u"0x1234"_s, u"bad_signature"_s },
        { "signed-message", u"signed_message"_s, alteredMessage, u"signed_message_mismatch"_s },
    };

    const QList<std::pair<const char *, Location>> locations {
        { "receipt", Location::BothAlterTop },
        { "delivery-receipt", Location::BothAlterExtension },
        { "receipt-only", Location::TopOnly },
        { "delivery-receipt-only", Location::ExtensionOnly },
    };
    for (const auto &[where, location] : locations) {
        for (const Change &change : changes) {
            QTest::addRow("%s/%s", where, change.name)
                << location << change.field << change.value << change.problem;
        }
        for (const QString &field : ReceiptFields) {
            QTest::addRow("%s/removed-%s", where, qPrintable(field))
                << location << field << QJsonValue(QJsonValue::Undefined) << (u"missing_field:"_s + field);
            QTest::addRow("%s/number-%s", where, qPrintable(field))
                << location << field << QJsonValue(1) << (u"missing_field:"_s + field);
        }
    }
}

void TestReceipts::tamperReceipt()
{
    QFETCH(Location, location);
    QFETCH(QString, field);
    QFETCH(QJsonValue, newValue);
    QFETCH(QString, expectedProblem);

    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    QJsonObject altered = attached.value(u"receipt"_s).toObject();
    QVERIFY(altered.contains(field));
    if (newValue.isUndefined())
        altered.remove(field);
    else
        altered.insert(field, newValue);

    const ReceiptVerdict verdict
        = ReceiptVerifier(m_clock, signer.issuerAddress()).verify(placeReceipt(attached, altered, location));
    QVERIFY(verdict.usable);
    QVERIFY(!verdict.valid);
    QVERIFY(!verdict.issuedByThisService);
    QVERIFY2(verdict.problems.contains(expectedProblem), qPrintable(verdict.problems.join(u", "_s)));
    const bool bothCopies = location == Location::BothAlterTop || location == Location::BothAlterExtension;
    QCOMPARE(verdict.problems.contains(u"receipt_copies_differ"_s), bothCopies);
}

void TestReceipts::tamperResult_data()
{
    QTest::addColumn<QJsonObject>("tampered"); // the result as altered after signing (receipt re-added)
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;

    const QStringList fields = ibanResult().keys();
    for (const QString &field : fields) {
        if (field == u"extensions"_s)
            continue; // not covered by the hash: otherExtensionsAreNotSigned()
        QJsonObject changedValue = attached;
        changedValue.insert(field, changed(attached.value(field)));
        QTest::addRow("changed-%s", qPrintable(field)) << changedValue;
        QJsonObject removed = attached;
        removed.remove(field);
        QTest::addRow("removed-%s", qPrintable(field)) << removed;
        QJsonObject retyped = attached;
        retyped.insert(field, attached.value(field).isString() ? QJsonValue(0) : QJsonValue(u"0"_s));
        QTest::addRow("retyped-%s", qPrintable(field)) << retyped;
    }

    QJsonObject added = attached;
    added.insert(u"decision"_s, u"PAY"_s);
    QTest::newRow("added-member") << added;

    QJsonObject nested = attached;
    QJsonObject bank = nested.value(u"bank"_s).toObject();
    bank.insert(u"city"_s, u"Koeln"_s);
    nested.insert(u"bank"_s, bank);
    QTest::newRow("nested-unicode-to-ascii") << nested;

    QJsonObject arrayItem = attached;
    QJsonArray checks = arrayItem.value(u"checks"_s).toArray();
    QJsonObject second = checks.at(1).toObject();
    second.insert(u"passed"_s, false);
    checks.replace(1, second);
    arrayItem.insert(u"checks"_s, checks);
    QTest::newRow("array-item-flag") << arrayItem;

    QJsonObject reordered = attached;
    QJsonArray swapped = reordered.value(u"checks"_s).toArray();
    const QJsonValue first = swapped.at(0);
    swapped.replace(0, swapped.at(1));
    swapped.replace(1, first);
    reordered.insert(u"checks"_s, swapped);
    QTest::newRow("array-reordered") << reordered;

    QJsonObject tinyNumber = attached;
    tinyNumber.insert(u"score"_s, 0.9700000000000001);
    QTest::newRow("number-last-digit") << tinyNumber;

    QJsonObject intoExtensions = attached;
    QJsonObject extensions = intoExtensions.value(u"extensions"_s).toObject();
    extensions.insert(u"iban"_s, intoExtensions.value(u"iban"_s));
    intoExtensions.insert(u"extensions"_s, extensions);
    intoExtensions.remove(u"iban"_s);
    QTest::newRow("member-moved-into-extensions") << intoExtensions;
}

void TestReceipts::tamperResult()
{
    QFETCH(QJsonObject, tampered);
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock).verify(tampered);
    QVERIFY(verdict.usable);
    QVERIFY(!verdict.valid);
    // The receipt itself is intact: only the hash of the result disagrees.
    QCOMPARE(verdict.problems, QStringList { u"result_hash_mismatch"_s });
    QCOMPARE(verdict.issuer, issuerKey().address());
}

void TestReceipts::trust_data()
{
    QTest::addColumn<QString>("signerKey");
    QTest::addColumn<QString>("trusted");
    QTest::addColumn<bool>("issuedByThisService");
    const QString ours = issuerKey().address();
    QTest::newRow("ours") << IssuerKeyHex << ours << true;
    QTest::newRow("ours-lower-case") << IssuerKeyHex << ours.toLower() << true;
    QTest::newRow("no-trusted-issuer") << IssuerKeyHex << QString() << false;
    QTest::newRow("other-trusted-issuer") << IssuerKeyHex << otherKey().address() << false;
    // A complete, consistent receipt from someone else's key is authentic, just not ours.
    QTest::newRow("forged-by-other-key") << OtherKeyHex << ours << false;
}

void TestReceipts::trust()
{
    QFETCH(QString, signerKey);
    QFETCH(QString, trusted);
    QFETCH(bool, issuedByThisService);
    const PrivateKey key = *PrivateKey::fromHex(signerKey);
    const ReceiptSigner signer(key, testIssuer(), m_clock);
    const ReceiptVerdict verdict
        = ReceiptVerifier(m_clock, trusted).verify(signer.attach(ibanResult(), u"eu.iban.check"_s).body);
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
    QCOMPARE(verdict.issuer, key.address());
    QCOMPARE(verdict.issuedByThisService, issuedByThisService);
}

void TestReceipts::expiry_data()
{
    QTest::addColumn<qint64>("msAfterSigning");
    QTest::addColumn<bool>("expired");
    const qint64 validity = qint64(365) * 24 * 3600 * 1000;
    QTest::newRow("just-issued") << qint64(0) << false;
    QTest::newRow("one-day") << qint64(24 * 3600 * 1000) << false;
    QTest::newRow("at-valid-until") << validity << false;
    QTest::newRow("one-ms-after") << validity + 1 << true;
    QTest::newRow("two-years") << 2 * validity << true;
}

void TestReceipts::expiry()
{
    QFETCH(qint64, msAfterSigning);
    QFETCH(bool, expired);
    FixedClock clock(SigningTime);
    const ReceiptSigner signer(issuerKey(), testIssuer(), clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    clock.setNow(SigningTime.addMSecs(msAfterSigning));
    const ReceiptVerdict verdict = ReceiptVerifier(clock, signer.issuerAddress()).verify(attached);
    QVERIFY(verdict.valid); // expiry is reported, not a validity failure
    QCOMPARE(verdict.expired, expired);
    QVERIFY(verdict.issuedByThisService);
}

void TestReceipts::v1Receipt_data()
{
    QTest::addColumn<QJsonObject>("result");
    QTest::addColumn<QString>("expectedProblem"); // empty: valid
    const PrivateKey key = issuerKey();
    const QJsonObject signedV1 = attachV1Receipt(ibanResult(), key, u"2025-06-01T08:00:00Z"_s);
    const QJsonObject receipt = signedV1.value(u"receipt"_s).toObject();
    const auto withReceiptFields = [&signedV1](const QJsonObject &fields, const QStringList &removed = {}) {
        QJsonObject out = signedV1;
        QJsonObject altered = out.value(u"receipt"_s).toObject();
        for (auto it = fields.constBegin(); it != fields.constEnd(); ++it)
            altered.insert(it.key(), it.value());
        for (const QString &field : removed)
            altered.remove(field);
        out.insert(u"receipt"_s, altered);
        return out;
    };

    QTest::newRow("valid") << signedV1 << QString();
    QJsonObject changedResult = signedV1;
    changedResult.insert(u"valid"_s, false);
    QTest::newRow("result-changed") << changedResult << u"result_hash_mismatch"_s;
    QJsonObject changedExtensions = signedV1;
    changedExtensions.insert(u"extensions"_s, QJsonObject());
    QTest::newRow("extensions-changed") << changedExtensions << u"result_hash_mismatch"_s;
    // A correctly signed hash that is not the hash of this result.
    const QString otherHash = u"0x"_s + QString(64, u'a');
    QTest::newRow("other-hash-resigned") << withReceiptFields(
        { { u"result_hash"_s, otherHash }, { u"signature"_s, eip191Sign(key, otherHash.toUtf8()) } })
                                         << u"result_hash_mismatch"_s;
    const QString resultHash = receipt[u"result_hash"_s].toString();
    QTest::newRow("signature-other-key")
        << withReceiptFields({ { u"signature"_s, eip191Sign(otherKey(), resultHash.toUtf8()) } })
        << u"signature_issuer_mismatch"_s;
    QTest::newRow("issuer-other") << withReceiptFields({ { u"issuer"_s, otherKey().address() } })
                                  << u"signature_issuer_mismatch"_s;
    QTest::newRow("signature-high-s")
        << withReceiptFields({ { u"signature"_s, highSTwin(receipt[u"signature"_s].toString()) } })
        << u"bad_signature"_s;
    QTest::newRow("issued-at-garbage")
        << withReceiptFields({ { u"issued_at"_s, u"June 2025"_s } }) << u"invalid_timestamp:issued_at"_s;
    QTest::newRow("relabelled-as-v2") << withReceiptFields({ { u"standard"_s, u"service-receipt/2"_s } })
                                      << u"missing_field:signed_message"_s;
    for (const QString &field :
        { u"standard"_s, u"result_hash"_s, u"signature"_s, u"issuer"_s, u"issued_at"_s }) {
        QTest::addRow("removed-%s", qPrintable(field))
            << withReceiptFields({}, { field }) << (u"missing_field:"_s + field);
    }
}

void TestReceipts::v1Receipt()
{
    QFETCH(QJsonObject, result);
    QFETCH(QString, expectedProblem);
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, issuerKey().address()).verify(result);
    QVERIFY(verdict.usable);
    if (expectedProblem.isEmpty()) {
        QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
        QCOMPARE(verdict.standard, u"service-receipt/1"_s);
        QCOMPARE(verdict.issuer, issuerKey().address());
        QVERIFY(!verdict.expired);
        QVERIFY(verdict.issuedByThisService);
    } else {
        QVERIFY(!verdict.valid);
        QVERIFY(!verdict.issuedByThisService);
        QVERIFY2(verdict.problems.contains(expectedProblem), qPrintable(verdict.problems.join(u", "_s)));
    }
}

void TestReceipts::unusableInput_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<bool>("usable");
    QTest::addColumn<QString>("expectedProblem");
    QTest::newRow("not-json") << QByteArray("{receipt: yes") << false << u"not_json"_s;
    QTest::newRow("empty") << QByteArray() << false << u"not_json"_s;
    QTest::newRow("html") << QByteArray("<html></html>") << false << u"not_json"_s;
    QTest::newRow("array") << QByteArray("[{\"receipt\":{}}]") << false << u"not_object"_s;
    QTest::newRow("empty-object") << QByteArray("{}") << false << u"no_receipt"_s;
    QTest::newRow("unsigned-result") << QJsonDocument(ibanResult()).toJson() << false << u"no_receipt"_s;
    QTest::newRow("extensions-not-object") << QByteArray(R"({"extensions":5})") << false << u"no_receipt"_s;
    QTest::newRow("receipt-number") << QByteArray(R"({"receipt":5})") << true << u"receipt_not_object"_s;
    QTest::newRow("receipt-null") << QByteArray(R"({"receipt":null})") << true << u"receipt_not_object"_s;
    QTest::newRow("receipt-empty") << QByteArray(R"({"receipt":{}})") << true << u"missing_field:standard"_s;
}

void TestReceipts::unusableInput()
{
    QFETCH(QByteArray, document);
    QFETCH(bool, usable);
    QFETCH(QString, expectedProblem);
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock).verifyDocument(document);
    QVERIFY(!verdict.valid);
    QCOMPARE(verdict.usable, usable);
    QCOMPARE(verdict.problems, QStringList { expectedProblem });
}

void TestReceipts::verdictJson()
{
    FixedClock late(SigningTime.addYears(2));
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;

    const QJsonObject good = ReceiptVerifier(late, signer.issuerAddress()).verify(attached).toJson();
    QCOMPARE(good.keys(),
        (QStringList { u"expired"_s, u"issued_by_this_service"_s, u"issuer"_s, u"problems"_s, u"receipt"_s,
            u"standard"_s, u"usable"_s, u"valid"_s }));
    QCOMPARE(good[u"valid"_s], QJsonValue(true));
    QCOMPARE(good[u"usable"_s], QJsonValue(true));
    QCOMPARE(good[u"expired"_s], QJsonValue(true));
    QCOMPARE(good[u"issued_by_this_service"_s], QJsonValue(true));
    QCOMPARE(good[u"standard"_s].toString(), u"service-receipt/2"_s);
    QCOMPARE(good[u"issuer"_s].toString(), signer.issuerAddress());
    QCOMPARE(good[u"problems"_s].toArray(), QJsonArray());
    QCOMPARE(good[u"receipt"_s].toObject(), attached.value(u"receipt"_s).toObject());

    QJsonObject tampered = attached;
    tampered.insert(u"iban"_s, u"DE02120300000000202051"_s);
    const QJsonObject bad = ReceiptVerifier(m_clock).verify(tampered).toJson();
    QCOMPARE(bad[u"valid"_s], QJsonValue(false));
    QCOMPARE(bad[u"issued_by_this_service"_s], QJsonValue(false));
    QCOMPARE(bad[u"problems"_s].toArray(), QJsonArray { u"result_hash_mismatch"_s });
}

void TestReceipts::unknownMembersAreRefused_data()
{
    // Issue 12: a member nothing signs, inside an otherwise intact receipt, verified as issued here and was
    // repeated in the verdict.
    QTest::addColumn<QJsonObject>("result");
    QTest::addColumn<QString>("member");
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    QJsonObject noted = attached.value(u"receipt"_s).toObject();
    noted.insert(u"note"_s, u"Certified by the Federal Ministry of Finance"_s);
    QTest::newRow("v2-both-copies") << withReceipt(attached, noted) << u"note"_s;
    QTest::newRow("v2-receipt-only") << placeReceipt(attached, noted, Location::TopOnly) << u"note"_s;
    QTest::newRow("v2-delivery-receipt-only")
        << placeReceipt(attached, noted, Location::ExtensionOnly) << u"note"_s;
    QTest::newRow("v2-altered-copy") << placeReceipt(attached, noted, Location::BothAlterExtension)
                                     << u"note"_s;
    QJsonObject nested = attached.value(u"receipt"_s).toObject();
    nested.insert(u"certification"_s, QJsonObject { { u"by"_s, u"Certified by ADES"_s } });
    QTest::newRow("v2-object-member") << withReceipt(attached, nested) << u"certification"_s;
    const QJsonObject v1 = attachV1Receipt(ibanResult(), issuerKey(), u"2025-06-01T08:00:00Z"_s);
    QJsonObject v1Noted = v1.value(u"receipt"_s).toObject();
    v1Noted.insert(u"note"_s, u"Certified by the Federal Ministry of Finance"_s);
    QJsonObject v1Result = v1;
    v1Result.insert(u"receipt"_s, v1Noted);
    QTest::newRow("v1") << v1Result << u"note"_s;
}

void TestReceipts::unknownMembersAreRefused()
{
    QFETCH(QJsonObject, result);
    QFETCH(QString, member);
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, issuerKey().address()).verify(result);
    QVERIFY(verdict.usable);
    QVERIFY(!verdict.valid);
    QVERIFY(!verdict.issuedByThisService);
    QVERIFY2(
        verdict.problems.contains(u"unknown_field:"_s + member), qPrintable(verdict.problems.join(u", "_s)));
    // Named as a problem, never repeated as part of the receipt.
    QVERIFY(!verdict.receipt.contains(member));
    QVERIFY(!QJsonDocument(verdict.toJson()).toJson().contains("Certified by"));
}

void TestReceipts::duplicateKeysAreRefused_data()
{
    // QJsonDocument keeps the last of duplicate names, so a text whose first occurrence says something else
    // verified as the signed one; another reader takes the first.
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("problem"); // empty: valid
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QByteArray text
        = QJsonDocument(signer.attach(ibanResult(), u"eu.iban.check"_s).body).toJson(QJsonDocument::Compact);
    QVERIFY(text.startsWith("{"));
    QVERIFY(text.contains("\"receipt\":{"));
    QVERIFY(text.contains("\"delivery-receipt\":{"));
    const auto inserted = [&text](const QByteArray &after, const QByteArray &member) {
        QByteArray out = text;
        const qsizetype at = out.indexOf(after) + after.size();
        return out.insert(at, member + ",");
    };
    QTest::newRow("intact") << text << QString();
    QTest::newRow("result-member-first")
        << inserted("{", R"("iban":"DE02120300000000202051")") << u"duplicate_key:/iban"_s;
    QTest::newRow("result-member-escaped")
        << inserted("{", R"("\u0069ban":"DE02120300000000202051")") << u"duplicate_key:/iban"_s;
    QTest::newRow("receipt-issuer") << inserted(
        "\"receipt\":{", R"("issuer":"0x0000000000000000000000000000000000000001")")
                                    << u"duplicate_key:/receipt/issuer"_s;
    QTest::newRow("unsigned-extension") << inserted("\"delivery-receipt\":{", R"("note":"a","note":"b")")
                                        << u"duplicate_key:/extensions/delivery-receipt/note"_s;
    QTest::newRow("in-array-item") << inserted("\"checks\":[{", R"("passed":false)")
                                   << u"duplicate_key:/checks/0/passed"_s;
}

void TestReceipts::duplicateKeysAreRefused()
{
    QFETCH(QByteArray, document);
    QFETCH(QString, problem);
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, issuerKey().address()).verifyDocument(document);
    if (problem.isEmpty()) {
        QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
        return;
    }
    QVERIFY(!verdict.usable);
    QVERIFY(!verdict.valid);
    QVERIFY(!verdict.issuedByThisService);
    QCOMPARE(verdict.problems, QStringList { problem });
    QVERIFY(verdict.receipt.isEmpty());
}

void TestReceipts::signatureVIsDocumentedOnly_data()
{
    // docs/receipts.md: v = 27/28 (EIP-191 personal_sign). 0/1 recover the same key, so accepting them would
    // give each receipt a second valid spelling.
    QTest::addColumn<QJsonObject>("result");
    QTest::addColumn<QStringList>("problems");
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    const QJsonObject receipt = attached.value(u"receipt"_s).toObject();
    const QString signature = receipt.value(u"signature"_s).toString();
    const int v = QByteArray::fromHex(signature.mid(2).toLatin1()).at(64);
    QVERIFY(v == 27 || v == 28);
    const auto signedWith = [&](int newV) {
        QJsonObject changedReceipt = receipt;
        changedReceipt.insert(u"signature"_s, withV(signature, newV));
        return withReceipt(attached, changedReceipt);
    };
    QTest::newRow("v2-as-signed") << attached << QStringList();
    QTest::newRow("v2-recovery-id") << signedWith(v - 27) << QStringList { u"signature_v_not_27_or_28"_s };
    QTest::newRow("v2-29") << signedWith(29)
                           << QStringList { u"signature_v_not_27_or_28"_s, u"bad_signature"_s };
    const QJsonObject v1 = attachV1Receipt(ibanResult(), issuerKey(), u"2025-06-01T08:00:00Z"_s);
    QJsonObject v1Receipt = v1.value(u"receipt"_s).toObject();
    const QString v1Signature = v1Receipt.value(u"signature"_s).toString();
    v1Receipt.insert(
        u"signature"_s, withV(v1Signature, QByteArray::fromHex(v1Signature.mid(2).toLatin1()).at(64) - 27));
    QJsonObject v1Result = v1;
    v1Result.insert(u"receipt"_s, v1Receipt);
    QTest::newRow("v1-recovery-id") << v1Result << QStringList { u"signature_v_not_27_or_28"_s };
}

void TestReceipts::signatureVIsDocumentedOnly()
{
    QFETCH(QJsonObject, result);
    QFETCH(QStringList, problems);
    const ReceiptVerdict verdict = ReceiptVerifier(m_clock, issuerKey().address()).verify(result);
    QCOMPARE(verdict.problems, problems);
    QCOMPARE(verdict.valid, problems.isEmpty());
    QCOMPARE(verdict.issuedByThisService, problems.isEmpty());
}

void TestReceipts::verdictRepeatsOnlySignedMembers()
{
    const ReceiptSigner signer(issuerKey(), testIssuer(), m_clock);
    const QJsonObject attached = signer.attach(ibanResult(), u"eu.iban.check"_s).body;
    const ReceiptVerdict v2 = ReceiptVerifier(m_clock).verify(attached);
    QVERIFY(v2.valid);
    QCOMPARE(v2.receipt, attached.value(u"receipt"_s).toObject()); // all thirteen are covered
    // /1 signed the result hash only: issued_at is checked for its form but not repeated as verified.
    const QJsonObject v1 = attachV1Receipt(ibanResult(), issuerKey(), u"2025-06-01T08:00:00Z"_s);
    const ReceiptVerdict old = ReceiptVerifier(m_clock).verify(v1);
    QVERIFY(old.valid);
    QCOMPARE(
        old.receipt.keys(), (QStringList { u"issuer"_s, u"result_hash"_s, u"signature"_s, u"standard"_s }));
}

QTEST_APPLESS_MAIN(TestReceipts)
#include "TestReceipts.moc"
