#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ades::agentllm {

// One fixed-price chat product (docs/agentllm.md, "Tiers"): what it accepts and answers. The one table every
// part of the area reads — the input schema, the limit checks, the upstream call, the models catalog and the
// free check — so a limit is written once. Where a tier is sold and at which price is its operation's
// exposures (RegisterAgentLlm).
struct ChatTier
{
    QString key; // "micro": operation ids, upstream source and settings use it
    QStringList modelAliases; // values of the request's `model` besides productId(): "auto" for basic
    QString name;
    QString pitch; // what the tier is for; description() adds its limits
    // SPEC §8: UTF-8 bytes over the contents of all messages, message count, output tokens.
    int maxInputBytes = 0;
    int maxMessages = 0;
    int maxOutputTokens = 0;
    // The output cap of the one retry after an upstream 5xx (docs/agentllm.md, "retry_max_output_tokens").
    int retryMaxOutputTokens = 0;
    QString outputContract; // "agentllm-micro/1" or "agentllm-fixed/1"
    // The tier whose upstream (base URL, key, model) answers this one: itself, except /x402/chat, which
    // sells the basic upstream on the /x402/ path.
    QString upstreamKey;

    QString operationId() const; // "agentllm.micro"
    QString productId() const; // "agentllm/micro": the models catalog's id
    QStringList acceptedModels() const; // values of the request's `model`: productId() and the aliases
    QString description() const; // the pitch and the limits, in one English sentence
    // {max_input_bytes, max_messages, max_output_tokens, retry_max_output_tokens}: the free check's and the
    // delivered completion's `limits`.
    QJsonObject limits() const;
    QString upstreamSource() const; // UpstreamClient source id, "agentllm-micro"
};

// The tiers in catalog order: micro, basic, chat, plus.
const QList<ChatTier> &chatTiers();
// The tier whose `model` values include `model`, or nullptr; `auto` is the basic tier.
const ChatTier *tierForModel(const QString &model);
const ChatTier *tierByKey(const QString &key);

} // namespace ades::agentllm
