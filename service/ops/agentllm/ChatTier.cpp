#include "ChatTier.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

QString ChatTier::operationId() const
{
    return u"agentllm."_s + key;
}

QString ChatTier::productId() const
{
    return u"agentllm/"_s + key;
}

QStringList ChatTier::acceptedModels() const
{
    return QStringList { productId() } + modelAliases;
}

QString ChatTier::description() const
{
    const QLocale english(QLocale::English, QLocale::UnitedStates); // "2,400", as the SPEC writes limits
    return u"%1: at most %2 UTF-8 bytes in over at most %3 messages, at most %4 tokens out."_s.arg(pitch,
        english.toString(maxInputBytes), english.toString(maxMessages), english.toString(maxOutputTokens));
}

QJsonObject ChatTier::limits() const
{
    return QJsonObject {
        { u"max_input_bytes"_s, maxInputBytes },
        { u"max_messages"_s, maxMessages },
        { u"max_output_tokens"_s, maxOutputTokens },
        { u"retry_max_output_tokens"_s, retryMaxOutputTokens },
    };
}

QString ChatTier::upstreamSource() const
{
    return u"agentllm-"_s + upstreamKey;
}

const QList<ChatTier> &chatTiers()
{
    // SPEC §2.4, §4.1, §8. The chat and plus message counts and the retry caps of basic-sized tiers are ours
    // (docs/agentllm.md): the SPEC names only input bytes and output tokens for chat-plus.
    static const QList<ChatTier> tiers {
        ChatTier {
            .key = u"micro"_s,
            .name = u"AgentLLM micro"_s,
            .pitch = u"Short, fixed-price chat completion for quick agent decisions"_s,
            .maxInputBytes = 2400,
            .maxMessages = 8,
            .maxOutputTokens = 300,
            .retryMaxOutputTokens = 80,
            .outputContract = u"agentllm-micro/1"_s,
            .upstreamKey = u"micro"_s,
        },
        ChatTier {
            .key = u"basic"_s,
            .modelAliases = { u"auto"_s },
            .name = u"AgentLLM basic"_s,
            .pitch = u"Fixed-price chat completion"_s,
            .maxInputBytes = 6000,
            .maxMessages = 16,
            .maxOutputTokens = 750,
            .retryMaxOutputTokens = 250,
            .outputContract = u"agentllm-fixed/1"_s,
            .upstreamKey = u"basic"_s,
        },
        ChatTier {
            .key = u"chat"_s,
            .name = u"AgentLLM chat (x402 path)"_s,
            .pitch = u"The basic tier's model, limits and price on the /x402/ path, for x402 clients that "
                     "only buy under /x402/"_s,
            .maxInputBytes = 6000,
            .maxMessages = 16,
            .maxOutputTokens = 750,
            .retryMaxOutputTokens = 250,
            .outputContract = u"agentllm-fixed/1"_s,
            .upstreamKey = u"basic"_s,
        },
        ChatTier {
            .key = u"plus"_s,
            .name = u"AgentLLM plus"_s,
            .pitch = u"Fixed-price chat completion on a stronger model"_s,
            .maxInputBytes = 6000,
            .maxMessages = 16,
            .maxOutputTokens = 1200,
            .retryMaxOutputTokens = 400,
            .outputContract = u"agentllm-fixed/1"_s,
            .upstreamKey = u"plus"_s,
        },
    };
    return tiers;
}

const ChatTier *tierForModel(const QString &model)
{
    for (const ChatTier &tier : chatTiers()) {
        if (tier.productId() == model || tier.modelAliases.contains(model))
            return &tier;
    }
    return nullptr;
}

const ChatTier *tierByKey(const QString &key)
{
    for (const ChatTier &tier : chatTiers()) {
        if (tier.key == key)
            return &tier;
    }
    return nullptr;
}

} // namespace ades::agentllm
