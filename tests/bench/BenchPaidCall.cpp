// The server's own cost of a paid x402 call, without HTTP and without the facilitator round trips:
// decode the header, pre-check the payment (EIP-712 digest, signature recovery), claim it in the ledger,
// run the IBAN check, sign the receipt, record the settlement with the result. Target: <= 300 us.
#include "TestPayments.h"
#include "catalog/Invoker.h"
#include "core/CanonicalJson.h"
#include "core/Settings.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "payments/ExactEvmPrecheck.h"
#include "payments/X402Offers.h"
#include "receipts/ReceiptSigner.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class BenchPaidCall : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serverSideCost();
};

void BenchPaidCall::serverSideCost()
{
    QTemporaryDir dir;
    const QString payTo = u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
    auto context = ServiceContext::createForTests(dir.path(), { { u"x402/payto_evm"_s, payTo } });
    const x402::X402Offers offers(context->settings());
    const QList<QJsonObject> requirements = offers.requirements(Usdc::atomicUnits(2000));
    const QJsonObject offer = requirements.first();
    const PrivateKey payer = PrivateKey::generate();
    const Catalog::Binding binding = *context->catalog().bindings(Channel::X402).begin();
    const qint64 now = QDateTime::currentSecsSinceEpoch();

    // Untimed: one distinct signed payment per iteration (a nonce is spent once).
    QList<QByteArray> headers;
    for (int i = 0; i < 4096; ++i) {
        const QJsonObject payment = test::signedPayment(
            payer, offer, u"2000"_s, u"0x"_s + QString::number(i + 1).rightJustified(64, u'0'), 600);
        headers.append(QJsonDocument(payment).toJson(QJsonDocument::Compact).toBase64());
    }

    int next = 0;
    int delivered = 0;
    QBENCHMARK
    {
        const Result<QJsonObject> payment
            = x402::X402Offers::decodeHeader(headers.at(next++ % headers.size()));
        const auto precheck = x402::ExactEvmPrecheck::check(payment.value(), requirements, now);
        const Result<QJsonObject> args = Invoker::prepare(
            *binding.operation, *binding.exposure, { { u"iban"_s, u"DE89370400440532013000"_s } });
        const QByteArray requestHash
            = QCryptographicHash::hash(CanonicalJson::serialise(args.value()), QCryptographicHash::Sha256)
                  .toHex();
        PaymentRecord claim;
        claim.payer = precheck.authorization.from;
        claim.nonce = precheck.authorization.nonce;
        claim.network = offer.value(u"network"_s).toString();
        claim.operationId = binding.operation->id;
        claim.requestHash = QString::fromLatin1(requestHash);
        claim.amountUnits = 2000;
        claim.payTo = payTo;
        const Result<PaymentRecord> held = context->store().payments().reservePayment(claim);
        binding.operation->handler(args.value(), CallContext { Channel::X402, {} }, [&](Outcome outcome) {
            const QJsonObject body
                = context->signer().attach(outcome.value().data, outcome.value().subject).body;
            const QByteArray bytes = QJsonDocument(body).toJson(QJsonDocument::Compact);
            delivered += context->store().payments().settlePayment(held.value().id, u"0xtx"_s,
                body.value(u"receipt"_s).toObject().value(u"result_hash"_s).toString(), bytes,
                R"({"success":true})");
        });
    }
    QVERIFY(delivered > 0);
    QCOMPARE(delivered, next);
}

QTEST_GUILESS_MAIN(BenchPaidCall)
#include "BenchPaidCall.moc"
