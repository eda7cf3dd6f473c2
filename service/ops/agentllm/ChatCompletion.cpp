#include "ChatCompletion.h"

#include "ChatRequest.h"
#include "ChatTier.h"
#include "ChatUpstream.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"

#include <QCryptographicHash>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

QJsonObject chatCompletionBody(const ChatTier &tier, Usdc price, const ChatRequest &request,
    const ChatAnswer &answer, const QString &id, qint64 created)
{
    const QJsonObject usage {
        { u"prompt_tokens"_s, answer.promptTokens },
        { u"completion_tokens"_s, answer.completionTokens },
        { u"total_tokens"_s, answer.totalTokens },
    };
    const QJsonObject choice {
        { u"index"_s, 0 },
        { u"message"_s, QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, answer.content } } },
        { u"finish_reason"_s, answer.finishReason },
    };
    const QJsonObject service {
        { u"tier"_s, tier.key },
        { u"product"_s, tier.productId() },
        { u"output_contract"_s, tier.outputContract },
        { u"billing_mode"_s, u"fixed_per_call"_s },
        { u"price_usdc"_s, price.toDecimalString() },
        { u"price_atomic_units"_s, price.toAtomicString() },
        { u"limits"_s, tier.limits() },
        { u"input_bytes"_s, request.inputBytes },
        { u"message_count"_s, request.messageCount },
        { u"accepted_max_output_tokens"_s, request.acceptedMaxOutputTokens },
        { u"asked_max_output_tokens"_s, answer.askedMaxOutputTokens },
        { u"retried"_s, answer.retried },
        { u"upstream_model"_s, answer.upstreamModel },
        { u"usage"_s, usage },
        { u"system_prompt_added"_s, false },
        { u"upstream"_s, answer.snapshot },
    };
    return QJsonObject {
        { u"id"_s, id },
        { u"object"_s, u"chat.completion"_s },
        { u"created"_s, created },
        { u"model"_s, tier.productId() },
        { u"choices"_s, QJsonArray { choice } },
        { u"usage"_s, usage },
        { u"x402_service"_s, service },
    };
}

Handler makeChatCompletionHandler(
    const ChatTier &tier, Usdc price, std::shared_ptr<const ChatUpstream> upstream, const Clock &clock)
{
    return [&tier, price, upstream = std::move(upstream), &clock](
               const QJsonObject &arguments, const CallContext &context, Completion done) {
        const ChatRequest request = ChatRequest::read(tier, arguments);
        const QByteArray messagesHash = QCryptographicHash::hash(
            CanonicalJson::serialise(QJsonObject { { u"messages"_s, request.messages } }),
            QCryptographicHash::Sha256)
                                            .toHex();
        const QString id = u"chatcmpl-"_s
            + (context.requestId.isEmpty() ? QString::fromLatin1(messagesHash.left(24)) : context.requestId);
        const qint64 created = clock.now().toSecsSinceEpoch();
        upstream->complete(request.messages, request.acceptedMaxOutputTokens,
            [&tier, price, request, id, created, messagesHash, done](Result<ChatAnswer> answer) {
                if (!answer.ok())
                    return done(answer.error());
                done(OperationResult { chatCompletionBody(tier, price, request, answer.value(), id, created),
                    tier.productId() + u" messages sha256:"_s + QString::fromLatin1(messagesHash) });
            });
    };
}

} // namespace ades::agentllm
