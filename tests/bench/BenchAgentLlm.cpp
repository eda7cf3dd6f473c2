// The service's own cost of one paid AgentLLM call, without HTTP, the facilitator and the model (issue 18:
// <= 1 ms): decode PAYMENT-SIGNATURE, pre-check the payment (EIP-712 digest, signature recovery), validate
// the body against the tier's schema and count its UTF-8 bytes, hash the request and claim the payment in the
// ledger, write the upstream request, read a recorded upstream answer, build the chat.completion, sign the
// receipt and record the settlement with the result. Rows: micro small, micro and basic at their limits.
#include "TestPayments.h"
#include "catalog/Invoker.h"
#include "core/CanonicalJson.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "ops/agentllm/ChatCompletion.h"
#include "ops/agentllm/ChatRequest.h"
#include "ops/agentllm/ChatTier.h"
#include "ops/agentllm/ChatWire.h"
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
using namespace ades::agentllm;

namespace {

// `count` alternating user/assistant messages whose contents add up to `bytes` UTF-8 bytes (with "€").
QJsonArray messagesOf(int count, int bytes)
{
    QJsonArray messages;
    for (int i = 0; i < count; ++i) {
        const int share = bytes / count + (i == count - 1 ? bytes % count : 0);
        QString text = u"€"_s.repeated(share / 3) + QString(share % 3, u'a');
        messages.append(
            QJsonObject { { u"role"_s, i % 2 ? u"assistant"_s : u"user"_s }, { u"content"_s, text } });
    }
    return messages;
}

// A recorded-shape answer of an OpenAI-compatible server (llama.cpp's /v1/chat/completions).
QByteArray upstreamAnswer(int completionTokens)
{
    return QJsonDocument(
        QJsonObject {
            { u"id"_s, u"chatcmpl-QwErTy"_s },
            { u"object"_s, u"chat.completion"_s },
            { u"created"_s, 1764400000 },
            { u"model"_s, u"qwen2.5-1.5b-instruct-q4_k_m.gguf"_s },
            { u"system_fingerprint"_s, u"b4719-07a3fc0"_s },
            { u"choices"_s,
                QJsonArray { QJsonObject {
                    { u"index"_s, 0 },
                    { u"message"_s,
                        QJsonObject { { u"role"_s, u"assistant"_s },
                            { u"content"_s,
                                u"Yes. 17 is prime: it has no divisor other than 1 and itself."_s } } },
                    { u"finish_reason"_s, u"stop"_s },
                } } },
            { u"usage"_s,
                QJsonObject { { u"prompt_tokens"_s, 640 }, { u"completion_tokens"_s, completionTokens },
                    { u"total_tokens"_s, 640 + completionTokens } } },
        })
        .toJson(QJsonDocument::Compact);
}

} // namespace

class BenchAgentLlm : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serviceOverhead_data();
    void serviceOverhead();
    // The chat-specific part alone (no payment, no ledger): what AgentLLM adds to every paid call's path.
    void chatWork_data() { serviceOverhead_data(); }
    void chatWork();
};

void BenchAgentLlm::serviceOverhead_data()
{
    QTest::addColumn<QString>("tier");
    QTest::addColumn<QJsonArray>("messages");
    QTest::newRow("micro-small") << u"micro"_s << messagesOf(1, 60);
    QTest::newRow("micro-at-limit") << u"micro"_s << messagesOf(8, 2400);
    QTest::newRow("basic-at-limit") << u"basic"_s << messagesOf(16, 6000);
}

void BenchAgentLlm::serviceOverhead()
{
    QFETCH(QString, tier);
    QFETCH(QJsonArray, messages);
    QTemporaryDir dir;
    const QString payTo = u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
    auto context = ServiceContext::createForTests(dir.path(), { { u"x402/payto_evm"_s, payTo } });
    const ChatTier &chatTier = *tierByKey(tier);
    const Operation &operation = *context->catalog().find(chatTier.operationId());
    const Exposure &exposure = *operation.exposure(Channel::X402);
    const QList<QJsonObject> requirements
        = x402::X402Offers(context->settings()).requirements(exposure.price);
    const QJsonObject offer = requirements.first();
    const PrivateKey payer = PrivateKey::generate();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const QJsonObject body { { u"model"_s, chatTier.productId() }, { u"messages"_s, messages },
        { u"max_tokens"_s, 100 }, { u"stream"_s, false } };
    const QByteArray wire = QJsonDocument(body).toJson(QJsonDocument::Compact);
    const QByteArray answer = upstreamAnswer(42);

    // Untimed: one distinct signed payment per iteration (a nonce is spent once).
    QList<QByteArray> headers;
    for (int i = 0; i < 2048; ++i) {
        const QJsonObject payment = test::signedPayment(payer, offer, exposure.price.toAtomicString(),
            u"0x"_s + QString::number(i + 1).rightJustified(64, u'0'), 600);
        headers.append(QJsonDocument(payment).toJson(QJsonDocument::Compact).toBase64());
    }

    int next = 0;
    int delivered = 0;
    QByteArray upstreamRequest;
    QBENCHMARK
    {
        const Result<QJsonObject> payment
            = x402::X402Offers::decodeHeader(headers.at(next++ % headers.size()));
        const auto precheck = x402::ExactEvmPrecheck::check(payment.value(), requirements, now);
        const Result<QJsonObject> args
            = Invoker::prepare(operation, exposure, QJsonDocument::fromJson(wire).object());
        const QByteArray requestHash = QCryptographicHash::hash(
            QByteArray("POST " + exposure.route.toUtf8() + '\n' + CanonicalJson::serialise(args.value())),
            QCryptographicHash::Sha256)
                                           .toHex();
        PaymentRecord claim;
        claim.payer = precheck.authorization.from;
        claim.nonce = precheck.authorization.nonce;
        claim.network = offer.value(u"network"_s).toString();
        claim.operationId = operation.id;
        claim.requestHash = QString::fromLatin1(requestHash);
        claim.amountUnits = exposure.price.units();
        claim.payTo = payTo;
        const Result<PaymentRecord> held = context->store().payments().reservePayment(claim);

        const ChatRequest request = ChatRequest::read(chatTier, args.value());
        upstreamRequest
            = ChatWire::request(u"qwen2.5-1.5b"_s, request.messages, request.acceptedMaxOutputTokens);
        QString problem;
        const std::optional<ChatAnswer> read
            = ChatWire::readAnswer(answer, request.acceptedMaxOutputTokens, u"qwen2.5-1.5b"_s, &problem);
        const QJsonObject completion
            = chatCompletionBody(chatTier, exposure.price, request, *read, u"chatcmpl-bench"_s, now);
        const ReceiptSigner::Signed signedBody = context->signer().attach(completion, chatTier.productId());
        delivered += context->store().payments().settlePayment(held.value().id, u"0xtx"_s,
            signedBody.body.value(u"receipt"_s).toObject().value(u"result_hash"_s).toString(),
            signedBody.body.canonical(), R"({"success":true})");
    }
    QCOMPARE(delivered, next);
    // The upstream got the caller's messages, unchanged.
    QCOMPARE(QJsonDocument::fromJson(upstreamRequest).object().value(u"messages"_s).toArray(), messages);
}

void BenchAgentLlm::chatWork()
{
    QFETCH(QString, tier);
    QFETCH(QJsonArray, messages);
    QTemporaryDir dir;
    auto context = ServiceContext::createForTests(dir.path(), {});
    const ChatTier &chatTier = *tierByKey(tier);
    const Operation &operation = *context->catalog().find(chatTier.operationId());
    const Exposure &exposure = *operation.exposure(Channel::X402);
    const QByteArray wire = QJsonDocument(
        QJsonObject { { u"model"_s, chatTier.productId() }, { u"messages"_s, messages },
            { u"max_tokens"_s,
                100 } }).toJson(QJsonDocument::Compact);
    const QByteArray answer = upstreamAnswer(42);
    QByteArray sent;
    QBENCHMARK
    {
        const Result<QJsonObject> args
            = Invoker::prepare(operation, exposure, QJsonDocument::fromJson(wire).object());
        const ChatRequest request = ChatRequest::read(chatTier, args.value());
        const QByteArray upstreamRequest
            = ChatWire::request(u"qwen2.5-1.5b"_s, request.messages, request.acceptedMaxOutputTokens);
        QString problem;
        const std::optional<ChatAnswer> read
            = ChatWire::readAnswer(answer, request.acceptedMaxOutputTokens, u"qwen2.5-1.5b"_s, &problem);
        sent = context->signer()
                   .attach(chatCompletionBody(
                               chatTier, exposure.price, request, *read, u"chatcmpl-bench"_s, 1764400000),
                       chatTier.productId())
                   .body.canonical();
    }
    QVERIFY(sent.contains("\"object\":\"chat.completion\""));
}

QTEST_GUILESS_MAIN(BenchAgentLlm)
#include "BenchAgentLlm.moc"
