#include "ChatSchema.h"

#include "ChatTier.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

QJsonObject ChatSchema::request(const ChatTier &tier)
{
    const QJsonObject outputCap {
        { u"type"_s, u"integer"_s },
        { u"minimum"_s, 1 },
        { u"maximum"_s, tier.maxOutputTokens },
        { u"description"_s,
            u"Output token cap, 1 to %1; the tier's maximum when absent."_s.arg(tier.maxOutputTokens) },
    };
    const QJsonObject message {
        { u"type"_s, u"object"_s },
        { u"additionalProperties"_s, false },
        { u"required"_s, QJsonArray { u"role"_s, u"content"_s } },
        { u"properties"_s,
            QJsonObject {
                { u"role"_s,
                    QJsonObject { { u"type"_s, u"string"_s },
                        { u"enum"_s,
                            QJsonArray { u"developer"_s, u"system"_s, u"user"_s, u"assistant"_s } } } },
                { u"content"_s, QJsonObject { { u"type"_s, u"string"_s }, { u"minLength"_s, 1 } } },
            } },
    };
    return QJsonObject {
        { u"$schema"_s, u"https://json-schema.org/draft/2020-12/schema"_s },
        { u"title"_s, tier.name },
        { u"type"_s, u"object"_s },
        { u"additionalProperties"_s, false },
        { u"required"_s, QJsonArray { u"model"_s, u"messages"_s } },
        { u"properties"_s,
            QJsonObject {
                { u"model"_s,
                    QJsonObject { { u"type"_s, u"string"_s },
                        { u"enum"_s, QJsonArray::fromStringList(tier.acceptedModels()) } } },
                { u"messages"_s,
                    QJsonObject {
                        { u"type"_s, u"array"_s },
                        { u"minItems"_s, 1 },
                        { u"maxItems"_s, tier.maxMessages },
                        { u"items"_s, message },
                        { u"description"_s,
                            u"1 to %1 messages; at most %2 UTF-8 bytes over all contents."_s
                                .arg(tier.maxMessages)
                                .arg(tier.maxInputBytes) },
                    } },
                { u"max_tokens"_s, outputCap },
                { u"max_completion_tokens"_s, outputCap },
                { u"stream"_s,
                    QJsonObject { { u"type"_s, u"boolean"_s }, { u"const"_s, false },
                        { u"description"_s, u"Only false: results are returned in the response."_s } } },
            } },
    };
}

} // namespace ades::agentllm
